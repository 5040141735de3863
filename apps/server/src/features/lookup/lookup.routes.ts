// GET /api/common/{labeling_type_list,work_type_list,process_type_list,usage_type_list,permission}.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, localizedLookup, lookupItemSchema, type CommonLookupName } from '@sightline/domain';
import { requestLocale } from '../../common/locale';

const LISTS: CommonLookupName[] = [
  'labeling_type_list',
  'work_type_list',
  'process_type_list',
  'usage_type_list',
  'permission',
];

export default async function commonRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  for (const name of LISTS) {
    app.get(
      `/api/common/${name}`,
      {
        preHandler: app.authenticate,
        schema: {
          tags: ['common'],
          security: [{ bearer: [] }],
          response: { 200: dataOf(z.array(lookupItemSchema)) },
        },
      },
      async (req) => ({ data: localizedLookup(name, requestLocale(req)) }),
    );
  }
}
