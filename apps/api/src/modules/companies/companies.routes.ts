import { companyDetailsEndpoints, companyEndpoints, MAX_TERMS_LENGTH } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf, registerCrudRoutes } from '../../kit/routes.ts';
import { createCompaniesService } from './companies.service.ts';
import { createCompanyDetailsService } from './company-details.service.ts';

/** Spec section 7: company CRUD (organisation super admin), company/status/list and company/partners/list. */
export function registerCompanyRoutes(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const service = createCompaniesService(db);
  const details = createCompanyDetailsService(db, config.MAIL_FROM);
  const serve = endpointServer(app, 'companies');
  registerCrudRoutes(serve, {
    endpoints: companyEndpoints,
    scope: 'organisation',
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

  serve(companyEndpoints.statuses, {
    summary: 'Company statuses',
    description: 'The statuses a company can have (1 active, 0 inactive), labelled in the caller’s language.',
    handler: async (request) => ({
      message: request.t('success.list'),
      data: ([1, 0] as const).map((value) => ({ value, label: request.t(`labels.status.${value}`) })),
    }),
  });

  serve(companyEndpoints.partners, {
    summary: "Your company's partners",
    description: 'The companies your company lists as partners (id, name, status). The super admin sets them on the company.',
    handler: async (request) => ({ message: request.t('success.list'), data: await service.partners(companyActorOf(request)) }),
  });

  serve(companyDetailsEndpoints.get, {
    summary: "Your company's details",
    description: `What your company's mails and statements carry and how its screens count weeks: \`contact_email\`,
\`contact_phone\`, \`address\` (may span lines), \`tax_number\`, \`mail_sender_name\` and \`mail_reply_to\` (your mails leave
from \`mail_from_address\`, the server's, under your sender name), \`first_day_of_week\` (ISO: 1 Monday to 7 Sunday) and
\`terms\`, the online booking settings and \`booking_slug\`, the address of the company's hosted booking page
(\`/book/<booking_slug>\` on this server). \`name\` is the company's name on record (kept by the organisation); documents are
issued in it.`,
    handler: async (request) => ({ message: request.t('success.fetched'), data: await details.get(companyActorOf(request)) }),
  });

  serve(companyDetailsEndpoints.update, {
    summary: "Change your company's details",
    description: `Any subset of the fields (at least one). An optional field sent as null or blank is cleared; \`contact_email\` is
required. Rules: e-mail addresses as e-mail addresses, \`contact_phone\` digits, spaces, brackets, hyphens and a leading +
(kept as entered), \`address\` at most 300 characters, \`tax_number\` letters, digits, spaces and \`. - /\` (at most 30),
\`mail_sender_name\` a name (no \`@\`, \`<\`, \`>\` or line breaks, at most 100), \`first_day_of_week\` 1 to 7, \`terms\` at
most ${MAX_TERMS_LENGTH} characters, \`booking_slug\` (the hosted booking page's address, \`/book/<booking_slug>\`) 2 to 60
lower-case letters and digits in words joined by single hyphens (trimmed and put in lower case). A refusal is 400 with a detail
per field, and nothing is saved; an address another company's page has is 409 \`booking_slug_taken\` on \`booking_slug\`.
Audited as \`company\`.`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await details.update(companyActorOf(request), request.body),
    }),
  });

  serve(companyDetailsEndpoints.clientKey, {
    summary: "Your company's public booking key",
    description: `What your own web site sends to the public booking API (\`/api/public/...\`): \`Authorization: Basic\` of
base64(\`company_id:client_key\`). The key identifies the company (the sign-in page carries it too); it grants no user's access.`,
    handler: async (request) => ({ message: request.t('success.fetched'), data: await details.clientKey(companyActorOf(request)) }),
  });

  serve(companyDetailsEndpoints.rotateClientKey, {
    summary: 'Replace the public booking key',
    description: `A new client key for your company, answered once here. The old key is refused (401 \`client_key_invalid\`) from the
next request on, in every server process: put the new key in your web site at once. The sign-in page reads it by itself.
Audited as \`company\` (without either key).`,
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await details.rotateClientKey(companyActorOf(request)),
    }),
  });
}
