import { driverEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer, listAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf } from '../../kit/routes.ts';
import { metaOf } from '../auth/auth.routes.ts';
import { createDriversService } from './drivers.service.ts';

const eligibilityNote = `Each driver carries \`eligibility\` for the request's day (its \`time_zone\`, else the company's):
\`eligible\` and the \`reasons\` it is not (\`not_approved\`, \`inactive\`, \`sign_in_disabled\`, \`licence_expired\`,
\`document_missing\`, \`document_expired\`, documents naming their type), and \`price_per_hour\`, the rate in force that day.`;

/**
 * Spec section 7, "Company and drivers": the driver's account and profile (auth/driver/add) and the driver calls (the
 * company's admins and drivers in one list, with the switch that lets each sign in, are the people module's).
 */
export function registerDriverRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createDriversService(db);
  const serve = endpointServer(app, 'drivers');

  serve(driverEndpoints.add, {
    summary: 'Add a driver: the sign-in account with a temporary password, and the profile',
    description: `Creates a driver of your company, \`pending\` approval, who must choose a new password at first sign-in. The
temporary password follows the new-password rules (common passwords refused). E-mail and phone are unique in the
organisation: 409 \`email_taken\` / \`phone_taken\`. Answers the driver as \`driver/get\` would. ${eligibilityNote}`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.driverAdded'),
      data: await service.add(companyActorOf(request), request.body, request.query.time_zone),
    }),
  });

  serve(driverEndpoints.list, {
    summary: "Your company's drivers",
    description: `Filters \`approve_status\` (\`pending\`, \`approved\`, \`rejected\`) and \`status\` (1 takes work, 0 not); \`search\` in
names, e-mail, phone and licence number; sort by ${'`first_name`'} (default), \`last_name\`, \`email\`, \`approve_status\`, \`status\`,
\`licence_expiry\`, \`created_at\`. Removed drivers are left out. ${eligibilityNote} With \`date\` (YYYY-MM-DD), eligibility and the rate are those of that
day instead (the dispatch screen plans other days).`,
    handler: async (request) => {
      return listAnswer(request, await service.list(companyActorOf(request), request.query));
    },
  });

  serve(driverEndpoints.get, {
    summary: 'One driver',
    description: `A removed driver, or another company's, is a 404. ${eligibilityNote}`,
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await service.get(companyActorOf(request), request.params.id, request.query.time_zone),
    }),
  });

  serve(driverEndpoints.update, {
    summary: "Change a driver's profile, sign-in e-mail or phone, or approval",
    description: `Any subset of \`first_name\`, \`last_name\`, \`email\`, \`phn_nbr\` (null removes it), \`country_id\`,
\`licence_number\`, \`licence_expiry\`, \`approve_status\`. E-mail and phone are the sign-in's: 409 \`email_taken\` /
\`phone_taken\` when another user has them. Audited (the driver and, for sign-in fields, the user). A new
\`licence_expiry\` before the request's day: 400 \`expiry_in_past\`; where the company has a licence document type, the
licence expiry is its documents' and a different one is 400 \`licence_expiry_from_document\`.`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await service.update(companyActorOf(request), request.params.id, request.body, request.query.time_zone),
    }),
  });

  serve(driverEndpoints.updateStatus, {
    summary: 'A driver takes work, or not',
    description: `\`status\` 1: the driver can be given trips (when eligible); 0: kept, signs in, but gets no new trips. Audited.`,
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await service.setStatus(companyActorOf(request), request.params.id, request.body.status, request.query.time_zone),
    }),
  });

  serve(driverEndpoints.delete, {
    summary: 'Remove a driver',
    description: `The driver and their account are kept for their history (trips, attendance, payouts) but leave every list;
their sign-in and sessions end at once. Audited.`,
    handler: async (request) => {
      await service.remove(companyActorOf(request), request.params.id, metaOf(request));
      return { message: request.t('success.deleted') };
    },
  });
}
