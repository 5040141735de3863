// The dataset area's one plugin for app.ts: datasets, uploads and image media.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createDatasetServices } from './dataset.module';
import datasetRoutes from './routes/dataset.routes';
import mediaRoutes from './routes/media.routes';
import uploadRoutes from './routes/upload.routes';
import { sweepStaleSpools } from './ingest/spool-sweeper';

export default async function datasetAreaRoutes(app: FastifyInstance) {
  const services = createDatasetServices(app.deps);
  await app.register(uploadRoutes, { services });
  await app.register(datasetRoutes, { services });
  await app.register(mediaRoutes, { services });
  app.addHook('onReady', async () => {
    await sweepStaleSpools(join(app.deps.config.dataDir, 'tmp', 'uploads'));
  });
}
