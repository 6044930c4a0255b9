import {
  companyCreateSchema,
  companyListQuerySchema,
  companySchema,
  companyStatusOptionSchema,
  companyUpdateSchema,
  dataEnvelope,
  partnerCompanySchema,
} from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { registerCrudRoutes } from '../../kit/routes.ts';
import { callerCompanyId, requireCaller } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { createCompaniesService } from './companies.service.ts';

const tags = ['companies'];
const security = [{ bearer: [] }];

/** Spec section 7: company CRUD (organisation super admin), company/status/list and company/partners/list. */
export function registerCompanyRoutes(app: FastifyInstance, db: Db): void {
  const service = createCompaniesService(db);
  registerCrudRoutes(app, {
    base: '/api/company',
    resource: 'companies',
    tag: 'companies',
    scope: 'organisation',
    schemas: { record: companySchema, create: companyCreateSchema, update: companyUpdateSchema, listQuery: companyListQuerySchema },
    service,
    docs: {
      add: {
        summary: 'Add a company with its first admin',
        description:
          'Creates the company, its web config, its client key and its first admin with the temporary password given; the admin chooses a new password at first sign-in (the 200 `change-password` step).',
      },
      update: {
        summary: 'Change a company',
        description:
          'Any subset of the fields; `partner_ids` replaces the partner list. `status: 0` ends every session of its users at once.',
      },
      delete: {
        summary: 'Delete a company',
        description:
          'Only a company without business records (airports, locations...) can be deleted, with its users; otherwise 409 `company_in_use` (deactivate it instead).',
      },
    },
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/api/company/status/list', {
    config: { permission: 'session' },
    schema: {
      tags,
      security,
      summary: 'Company statuses',
      description: 'The statuses a company can have (1 active, 0 inactive), labelled in the caller’s language.',
      response: { 200: dataEnvelope(z.array(companyStatusOptionSchema)), ...errorResponses(401, 503) },
    },
    handler: async (request) => ({
      message: request.t('success.list'),
      data: ([1, 0] as const).map((value) => ({ value, label: request.t(`labels.status.${value}`) })),
    }),
  });

  api.get('/api/company/partners/list', {
    config: { permission: 'partners.view' },
    schema: {
      tags,
      security,
      summary: "Your company's partners",
      description: 'The companies your company lists as partners (id, name, status). The super admin sets them on the company.',
      response: { 200: dataEnvelope(z.array(partnerCompanySchema)), ...errorResponses(401, 403, 503) },
    },
    handler: async (request) => ({
      message: request.t('success.list'),
      data: await service.partners({ companyId: callerCompanyId(request), actorUserId: requireCaller(request).userId }),
    }),
  });
}
