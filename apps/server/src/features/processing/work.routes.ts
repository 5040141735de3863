// Processing works of /train/processing (README.md): list, name check, copy conflicts, create,
// detail, delete, edit lock, final save, and the class dialogs of a work.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  classMergeSchema,
  classSetSchema,
  copyConflictSchema,
  copyConflictsQuerySchema,
  dataOf,
  errorBodySchema,
  idParamSchema,
  listOf,
  nameCheckQuerySchema,
  workCreateSchema,
  workListQuerySchema,
  workLockSchema,
  workSchema,
} from '@sightline/domain';
import type { ProcessingServices } from './processing.module';

const id = z.coerce.number().int().positive();
const workClassSchema = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  is_ok: z.boolean(),
  order: z.number(),
});

export default async function workRoutes(root: FastifyInstance, opts: { services: ProcessingServices }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { works, classes } = opts.services;
  const s = { tags: ['processing'], security: [{ bearer: [] }] };
  const errors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
  const auth = { preHandler: app.authenticate };
  const one = { 200: dataOf(workSchema), ...errors };
  const classList = { 200: dataOf(z.array(workClassSchema)), ...errors };
  const base = '/api/v2/processing';

  app.get(
    base,
    { ...auth, schema: { ...s, querystring: workListQuerySchema, response: { 200: listOf(workSchema) } } },
    async (req) => ({ data: await works.list(req.actor, req.query) }),
  );

  app.get(
    `${base}/check-names`,
    {
      ...auth,
      schema: {
        ...s,
        querystring: nameCheckQuerySchema,
        response: { 200: dataOf(z.object({ name: z.string().nullable(), save_dir: z.string().nullable() })) },
      },
    },
    async (req) => ({
      data: await works.checkNames(req.actor, req.query.project_id, req.query.name, req.query.save_dir),
    }),
  );

  app.get(
    `${base}/copy-conflicts`,
    {
      ...auth,
      schema: {
        ...s,
        querystring: copyConflictsQuerySchema,
        response: { 200: dataOf(z.array(copyConflictSchema)) },
      },
    },
    async (req) => ({ data: await works.copyConflicts(req.actor, req.query.dataset_ids) }),
  );

  app.post(
    base,
    { ...auth, schema: { ...s, body: workCreateSchema, response: { 201: dataOf(workSchema), ...errors } } },
    async (req, reply) => {
      const workId = await works.create(req.actor, req.body);
      return reply.code(201).send({ data: await works.detail(req.actor, workId) });
    },
  );

  app.get(
    `${base}/:id`,
    { ...auth, schema: { ...s, params: idParamSchema, response: one } },
    async (req) => ({
      data: await works.detail(req.actor, req.params.id),
    }),
  );

  app.delete(
    `${base}/:id`,
    {
      ...auth,
      schema: {
        ...s,
        params: idParamSchema,
        response: { 200: dataOf(z.object({ deleted: z.boolean() })), ...errors },
      },
    },
    async (req) => {
      await works.remove(req.actor, req.params.id);
      return { data: { deleted: true } };
    },
  );

  const lockResponse = { 200: dataOf(workLockSchema), ...errors };
  app.post(
    `${base}/:id/lock`,
    { ...auth, schema: { ...s, params: idParamSchema, response: lockResponse } },
    async (req) => ({ data: await works.lock(req.actor, req.params.id) }),
  );
  app.delete(
    `${base}/:id/lock`,
    { ...auth, schema: { ...s, params: idParamSchema, response: lockResponse } },
    async (req) => ({ data: await works.unlock(req.actor, req.params.id) }),
  );

  app.post(
    `${base}/:id/final-save`,
    { ...auth, schema: { ...s, params: idParamSchema, response: one } },
    async (req) => ({ data: await works.finalSave(req.actor, req.params.id) }),
  );

  app.get(
    `${base}/:id/classes`,
    { ...auth, schema: { ...s, params: idParamSchema, response: classList } },
    async (req) => ({ data: await classes.list(req.actor, req.params.id) }),
  );
  app.put(
    `${base}/:id/classes`,
    { ...auth, schema: { ...s, params: idParamSchema, body: classSetSchema, response: classList } },
    async (req) => ({ data: await classes.replace(req.actor, req.params.id, req.body.classes) }),
  );
  app.post(
    `${base}/:id/classes/merge`,
    { ...auth, schema: { ...s, params: idParamSchema, body: classMergeSchema, response: classList } },
    async (req) => ({ data: await classes.merge(req.actor, req.params.id, req.body) }),
  );
  app.delete(
    `${base}/:id/classes/:classId`,
    { ...auth, schema: { ...s, params: z.object({ id, classId: id }), response: classList } },
    async (req) => ({ data: await classes.remove(req.actor, req.params.id, req.params.classId) }),
  );
}
