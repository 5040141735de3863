// Datasets, folders, images and classes of /train/dataset (schemas in packages/domain dataset/schemas.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  classCreateSchema,
  classMergeSchema,
  classPatchSchema,
  classSetSchema,
  dataOf,
  datasetDetailSchema,
  datasetListQuerySchema,
  datasetPatchSchema,
  datasetSummarySchema,
  deleteImagesSchema,
  errorBodySchema,
  folderRenameSchema,
  folderSchema,
  idParamSchema,
  imageListQuerySchema,
  imageSchema,
  listOf,
} from '@sightline/domain';
import type { DatasetServices } from '../dataset.module';

const id = z.coerce.number().int().positive();

export default async function datasetRoutes(root: FastifyInstance, opts: { services: DatasetServices }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { datasets, classes } = opts.services;
  const s = { tags: ['datasets'], security: [{ bearer: [] }] };
  const detail = {
    200: dataOf(datasetDetailSchema),
    400: errorBodySchema,
    404: errorBodySchema,
    409: errorBodySchema,
  };
  const auth = { preHandler: app.authenticate };

  app.get(
    '/api/v2/datasets',
    {
      ...auth,
      schema: { ...s, querystring: datasetListQuerySchema, response: { 200: listOf(datasetSummarySchema) } },
    },
    async (req) => ({
      data: await datasets.list(req.actor, req.query),
    }),
  );

  app.get(
    '/api/v2/datasets/:id',
    { ...auth, schema: { ...s, params: idParamSchema, response: detail } },
    async (req) => ({
      data: await datasets.detail(req.actor, req.params.id),
    }),
  );

  app.patch(
    '/api/v2/datasets/:id',
    { ...auth, schema: { ...s, params: idParamSchema, body: datasetPatchSchema, response: detail } },
    async (req) => ({
      data: await datasets.update(req.actor, req.params.id, req.body),
    }),
  );

  app.delete(
    '/api/v2/datasets/:id',
    {
      ...auth,
      schema: {
        ...s,
        params: idParamSchema,
        response: { 200: dataOf(z.object({ deleted: z.boolean() })), 409: errorBodySchema },
      },
    },
    async (req) => {
      await datasets.remove(req.actor, req.params.id);
      return { data: { deleted: true } };
    },
  );

  app.patch(
    '/api/v2/datasets/:id/folders/:folderId',
    {
      ...auth,
      schema: {
        ...s,
        params: z.object({ id, folderId: id }),
        body: folderRenameSchema,
        response: { 200: dataOf(folderSchema), 400: errorBodySchema },
      },
    },
    async (req) => ({
      data: await datasets.renameFolder(req.actor, req.params.id, req.params.folderId, req.body.name),
    }),
  );

  app.get(
    '/api/v2/datasets/:id/images',
    {
      ...auth,
      schema: {
        ...s,
        params: idParamSchema,
        querystring: imageListQuerySchema,
        response: { 200: listOf(imageSchema) },
      },
    },
    async (req) => ({
      data: await datasets.images(req.actor, req.params.id, req.query),
    }),
  );

  app.delete(
    '/api/v2/datasets/:id/images',
    {
      ...auth,
      schema: {
        ...s,
        params: idParamSchema,
        body: deleteImagesSchema,
        response: { 200: dataOf(z.object({ deleted: z.number() })), 409: errorBodySchema },
      },
    },
    async (req) => ({
      data: { deleted: await datasets.deleteImages(req.actor, req.params.id, req.body.image_ids) },
    }),
  );

  app.post(
    '/api/v2/datasets/:id/classes',
    { ...auth, schema: { ...s, params: idParamSchema, body: classCreateSchema, response: detail } },
    async (req) => ({
      data: await classes.add(req.actor, req.params.id, req.body),
    }),
  );

  app.put(
    '/api/v2/datasets/:id/classes',
    { ...auth, schema: { ...s, params: idParamSchema, body: classSetSchema, response: detail } },
    async (req) => ({
      data: await classes.replace(req.actor, req.params.id, req.body.classes),
    }),
  );

  app.post(
    '/api/v2/datasets/:id/classes/merge',
    { ...auth, schema: { ...s, params: idParamSchema, body: classMergeSchema, response: detail } },
    async (req) => ({
      data: await classes.merge(req.actor, req.params.id, req.body),
    }),
  );

  app.patch(
    '/api/v2/datasets/:id/classes/:classId',
    {
      ...auth,
      schema: { ...s, params: z.object({ id, classId: id }), body: classPatchSchema, response: detail },
    },
    async (req) => ({ data: await classes.update(req.actor, req.params.id, req.params.classId, req.body) }),
  );

  app.delete(
    '/api/v2/datasets/:id/classes/:classId',
    { ...auth, schema: { ...s, params: z.object({ id, classId: id }), response: detail } },
    async (req) => ({
      data: await classes.remove(req.actor, req.params.id, req.params.classId),
    }),
  );
}
