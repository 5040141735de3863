// Compare routes from the domain route table (TRAIN_ROUTES): list, class-info check, create, detail,
// disagreements, cancel, delete, and the status stream.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TRAIN_ROUTES as R } from '@sightline/domain';
import { statusStream } from '../evaluation/status-stream';
import { trainRoute } from '../evaluation/train-route';
import { createCompareServices } from './compare.module';

export default async function compareRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { compares: s } = createCompareServices(app.deps);
  const tag = 'compares';

  trainRoute(app, R.listCompares, tag, async ({ actor, query, locale }) => ({
    data: await s.list(actor, query, locale),
  }));
  trainRoute(app, R.checkCompare, tag, async ({ actor, body }) => ({
    data: await s.check(actor, body.model_ids),
  }));
  trainRoute(app, R.createCompare, tag, async ({ actor, body, locale }) => ({
    data: await s.create(actor, body, locale),
  }));
  trainRoute(app, R.getCompare, tag, async ({ actor, params, locale }) => ({
    data: await s.detail(actor, params.id, locale),
  }));
  trainRoute(app, R.compareDisagreements, tag, async ({ actor, params, query }) => ({
    data: await s.disagreements(actor, params.id, query),
  }));
  trainRoute(app, R.cancelCompare, tag, async ({ actor, params, locale }) => ({
    data: await s.cancel(actor, params.id, locale),
  }));
  trainRoute(app, R.deleteCompare, tag, async ({ actor, params }) => ({
    data: await s.remove(actor, params.id),
  }));
  statusStream(app, '/api/v2/compares/:id/events', tag, async (actor, id, locale) =>
    s.detail(actor, id, locale),
  );
}
