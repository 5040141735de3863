// /api/admin/projects/:id/{participants,participant-candidates,managers,manager-candidates}
// (TENANCY_API.md). Each route: schema, then one service call.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataOf,
  idParamSchema,
  listOf,
  listQuerySchema,
  managerAddSchema,
  participantAddSchema,
  participantSchema,
  permissionsUpdateSchema,
  personRefSchema,
} from '@sightline/domain';
import { callerOf } from '../../common/access';
import { createParticipantServices } from './participant.module';

export default async function participantRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = createParticipantServices(app.deps).participants;
  const s = { tags: ['admin: participants'], security: [{ bearer: [] }] };
  const auth = { preHandler: app.authenticate };
  const base = '/api/admin/projects/:id';
  const memberParams = idParamSchema.extend({ userId: z.coerce.number().int().positive() });
  const people = listOf(personRefSchema.extend({ roleId: z.number() }));
  const removed = { 200: dataOf(z.object({ id: z.number() })) };

  /** Route options of a project's page of `rows` (participants, managers or candidates). */
  const listOptions = <T extends z.ZodTypeAny>(rows: T) => ({
    ...auth,
    schema: { ...s, params: idParamSchema, querystring: listQuerySchema, response: { 200: rows } },
  });
  /** Route options of adding someone to the project (answers the participant, 201). */
  const addOptions = <T extends z.ZodTypeAny>(body: T) => ({
    ...auth,
    schema: { ...s, params: idParamSchema, body, response: { 201: dataOf(participantSchema) } },
  });
  const removeOptions = { ...auth, schema: { ...s, params: memberParams, response: removed } };

  app.get(`${base}/participants`, listOptions(listOf(participantSchema)), async (req) => ({
    data: await service.list(callerOf(req), req.params.id, req.query),
  }));
  app.get(`${base}/participant-candidates`, listOptions(people), async (req) => ({
    data: await service.participantCandidates(callerOf(req), req.params.id, req.query),
  }));
  app.post(`${base}/participants`, addOptions(participantAddSchema), async (req, reply) =>
    reply.status(201).send({ data: await service.add(callerOf(req), req.params.id, req.body) }),
  );
  app.put(
    `${base}/participants/:userId/permissions`,
    {
      ...auth,
      schema: {
        ...s,
        params: memberParams,
        body: permissionsUpdateSchema,
        response: { 200: dataOf(participantSchema) },
      },
    },
    async (req) => ({
      data: await service.setPermissions(
        callerOf(req),
        req.params.id,
        req.params.userId,
        req.body.permissions,
      ),
    }),
  );
  app.delete(`${base}/participants/:userId`, removeOptions, async (req) => ({
    data: await service.remove(callerOf(req), req.params.id, req.params.userId),
  }));
  app.get(`${base}/managers`, listOptions(listOf(participantSchema)), async (req) => ({
    data: await service.list(callerOf(req), req.params.id, req.query, true),
  }));
  app.get(`${base}/manager-candidates`, listOptions(people), async (req) => ({
    data: await service.managerCandidates(callerOf(req), req.params.id, req.query),
  }));
  app.post(`${base}/managers`, addOptions(managerAddSchema), async (req, reply) =>
    reply.status(201).send({ data: await service.addManager(callerOf(req), req.params.id, req.body.userId) }),
  );
  app.delete(`${base}/managers/:userId`, removeOptions, async (req) => ({
    data: await service.removeManager(callerOf(req), req.params.id, req.params.userId),
  }));
}
