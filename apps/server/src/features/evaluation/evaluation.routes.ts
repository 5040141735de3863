// Performance evaluation routes from the domain route table (TRAIN_ROUTES), plus the overlay PNGs
// (sg masks, ad heatmaps) the result rows link to with a signed token.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TRAIN_ROUTES as R } from '@sightline/domain';
import { optionalActor } from '../../common/optional-actor';
import { createEvaluationServices } from './evaluation.module';
import { trainRoute } from './train-route';
import { statusStream } from './status-stream';

export default async function evaluationRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { evaluations: s } = createEvaluationServices(app.deps);
  const tag = 'evaluations';

  trainRoute(app, R.listEvaluations, tag, async ({ actor, query, locale }) => ({
    data: await s.list(actor, query, locale),
  }));
  trainRoute(app, R.createEvaluation, tag, async ({ actor, body, locale }) => ({
    data: await s.create(actor, body, locale),
  }));
  trainRoute(app, R.getEvaluation, tag, async ({ actor, params, locale }) => ({
    data: await s.detail(actor, params.id, locale),
  }));
  trainRoute(app, R.evaluationResults, tag, async ({ actor, params, query }) => ({
    data: await s.results(actor, params.id, query),
  }));
  trainRoute(app, R.cancelEvaluation, tag, async ({ actor, params, locale }) => ({
    data: await s.cancel(actor, params.id, locale),
  }));
  trainRoute(app, R.deleteEvaluation, tag, async ({ actor, params }) => ({
    data: await s.remove(actor, params.id),
  }));
  trainRoute(app, R.requestEvaluationDownload, tag, async ({ actor, params }) => ({
    data: await s.requestDownload(actor, params.id),
  }));
  statusStream(app, R.evaluationEvents.path, tag, async (actor, id, locale) => s.detail(actor, id, locale));

  app.get(
    '/api/v2/evaluations/:id/overlays/:imageId',
    {
      schema: {
        tags: [tag],
        params: z.object({ id: z.coerce.number().int().positive(), imageId: z.string().uuid() }),
        // truth=1: the sg ground-truth mask instead of the predicted one.
        querystring: z.object({ t: z.string().optional(), truth: z.enum(['0', '1']).optional() }),
      },
    },
    async (req, reply) => {
      const actor = req.query.t ? undefined : await optionalActor(root, req);
      const obj = await s.openOverlay(
        req.params.id,
        req.params.imageId,
        { token: req.query.t, actor },
        req.query.truth === '1',
      );
      return reply
        .header('Content-Type', 'image/png')
        .header('Content-Length', obj.size)
        .header('Cache-Control', 'private, max-age=3600')
        .send(obj.stream);
    },
  );
}
