import { dataEnvelope, webConfigSchema } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { companyFromBasicHeader, webConfigOf } from './web-config.service.ts';

export function registerWebConfigRoutes(app: FastifyInstance, db: Db): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/web-config', {
    config: { public: 'client-key' },
    schema: {
      tags: ['reference'],
      security: [{ basic: [] }],
      summary: "The company's public web config for the sign-in page (Basic: company id and client key)",
      description:
        "What the sign-in page shows before anyone signs in: the company's name and logo. Authorised with Basic company_id:client_key (the page gets the key in its HTML); a wrong key is 401. Grants nothing else.",
      response: { 200: dataEnvelope(webConfigSchema), ...errorResponses(401, 503) },
    },
    handler: async (request) => {
      const companyId = await companyFromBasicHeader(db, request.headers.authorization);
      return { message: request.t('success.fetched'), data: await webConfigOf(db, companyId) };
    },
  });
}
