import {
  type AdminStatusUpdate,
  adminStatusUpdateSchema,
  type CompanyPersonListQuery,
  companyPersonListQuerySchema,
  companyPersonSchema,
  type DriverAddBody,
  type DriverListQuery,
  type DriverStatusUpdate,
  type DriverUpdate,
  dataEnvelope,
  driverAddBodySchema,
  driverListQuerySchema,
  driverSchema,
  driverStatusUpdateSchema,
  driverUpdateSchema,
  idParamsSchema,
  listEnvelope,
  messageEnvelope,
  zonedContextQuerySchema,
} from '@ps/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { companyActorOf } from '../../kit/routes.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { metaOf } from '../auth/auth.routes.ts';
import { createDriversService } from './drivers.service.ts';

const tags = ['drivers'];
const security = [{ bearer: [] }];
const timeZoneOf = (request: FastifyRequest) => (request.query as { time_zone?: string }).time_zone;
const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;

const eligibilityNote = `Each driver carries \`eligibility\` for the request's day (its \`time_zone\`, else the company's):
\`eligible\` and the \`reasons\` it is not (\`not_approved\`, \`inactive\`, \`sign_in_disabled\`, \`licence_expired\`,
\`document_missing\`, \`document_expired\`, documents naming their type), and \`price_per_hour\`, the rate in force that day.`;

/**
 * Spec section 7, "Company and drivers": the driver's account and profile (auth/driver/add), the driver
 * calls, and the company's admins and drivers in one list with the switch that lets each sign in.
 */
export function registerDriverRoutes(app: FastifyInstance, db: Db): void {
  const service = createDriversService(db);

  app.route({
    method: 'POST',
    url: '/api/auth/driver/add',
    config: { permission: 'drivers.create' },
    schema: {
      tags,
      security,
      summary: 'Add a driver: the sign-in account with a temporary password, and the profile',
      description: `Creates a driver of your company, \`pending\` approval, who must choose a new password at first sign-in. The
temporary password follows the new-password rules (common passwords refused). E-mail and phone are unique in the
organisation: 409 \`email_taken\` / \`phone_taken\`. Answers the driver as \`driver/get\` would. ${eligibilityNote}`,
      querystring: zonedContextQuerySchema,
      body: driverAddBodySchema,
      response: { 201: dataEnvelope(driverSchema), ...errorResponses(400, 401, 403, 409, 503) },
    },
    handler: async (request, reply) => {
      const driver = await service.add(companyActorOf(request), request.body as DriverAddBody, timeZoneOf(request));
      return reply.code(201).send({ message: request.t('success.driverAdded'), data: driver });
    },
  });

  app.route({
    method: 'GET',
    url: '/api/driver/list',
    config: { permission: 'drivers.view' },
    schema: {
      tags,
      security,
      summary: "Your company's drivers",
      description: `Filters \`approve_status\` (\`pending\`, \`approved\`, \`rejected\`) and \`status\` (1 takes work, 0 not); \`search\` in
names, e-mail, phone and licence number; sort by ${'`first_name`'} (default), \`last_name\`, \`email\`, \`approve_status\`, \`status\`,
\`licence_expiry\`, \`created_at\`. Removed drivers are left out. ${eligibilityNote} With \`date\` (YYYY-MM-DD), eligibility and the rate are those of that
day instead (the dispatch screen plans other days).`,
      querystring: driverListQuerySchema,
      response: { 200: listEnvelope(driverSchema), ...errorResponses(400, 401, 403, 503) },
    },
    handler: async (request) => {
      const query = request.query as DriverListQuery;
      const { items, total } = await service.list(companyActorOf(request), query);
      return { message: request.t('success.list'), data: items, pagination: { page: query.page, page_size: query.page_size, total } };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/driver/get/:id',
    config: { permission: 'drivers.view' },
    schema: {
      tags,
      security,
      summary: 'One driver',
      description: `A removed driver, or another company's, is a 404. ${eligibilityNote}`,
      params: idParamsSchema,
      querystring: zonedContextQuerySchema,
      response: { 200: dataEnvelope(driverSchema), ...errorResponses(400, 401, 403, 404, 503) },
    },
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await service.get(companyActorOf(request), idOf(request), timeZoneOf(request)),
    }),
  });

  app.route({
    method: 'PATCH',
    url: '/api/driver/update/:id',
    config: { permission: 'drivers.update' },
    schema: {
      tags,
      security,
      summary: "Change a driver's profile, sign-in e-mail or phone, or approval",
      description: `Any subset of \`first_name\`, \`last_name\`, \`email\`, \`phn_nbr\` (null removes it), \`country_id\`,
\`licence_number\`, \`licence_expiry\`, \`approve_status\`. E-mail and phone are the sign-in's: 409 \`email_taken\` /
\`phone_taken\` when another user has them. Audited (the driver and, for sign-in fields, the user).`,
      params: idParamsSchema,
      querystring: zonedContextQuerySchema,
      body: driverUpdateSchema,
      response: { 200: dataEnvelope(driverSchema), ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await service.update(companyActorOf(request), idOf(request), request.body as DriverUpdate, timeZoneOf(request)),
    }),
  });

  app.route({
    method: 'PATCH',
    url: '/api/driver/update/status/:id',
    config: { permission: 'drivers.update' },
    schema: {
      tags,
      security,
      summary: 'A driver takes work, or not',
      description: `\`status\` 1: the driver can be given trips (when eligible); 0: kept, signs in, but gets no new trips. Audited.`,
      params: idParamsSchema,
      querystring: zonedContextQuerySchema,
      body: driverStatusUpdateSchema,
      response: { 200: dataEnvelope(driverSchema), ...errorResponses(400, 401, 403, 404, 503) },
    },
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await service.setStatus(
        companyActorOf(request),
        idOf(request),
        (request.body as DriverStatusUpdate).status,
        timeZoneOf(request),
      ),
    }),
  });

  app.route({
    method: 'DELETE',
    url: '/api/driver/delete/:id',
    config: { permission: 'drivers.delete' },
    schema: {
      tags,
      security,
      summary: 'Remove a driver',
      description: `The driver and their account are kept for their history (trips, attendance, payouts) but leave every list;
their sign-in and sessions end at once. Audited.`,
      params: idParamsSchema,
      response: { 200: messageEnvelope, ...errorResponses(400, 401, 403, 404, 503) },
    },
    handler: async (request) => {
      await service.remove(companyActorOf(request), idOf(request), metaOf(request));
      return { message: request.t('success.deleted') };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/company/driver&admin/list',
    config: { permission: 'users.view' },
    schema: {
      tags,
      security,
      summary: "Your company's admins and drivers in one list",
      description: `Each person with \`role\`, \`admin_status\` (1: may sign in) and, for drivers, \`driver_id\` and \`approve_status\`.
Filters \`role\` (\`admin\`, \`driver\`) and \`admin_status\`; \`search\` in name, e-mail and phone; sort \`name\` (default), \`email\`,
\`role\`, \`admin_status\`, \`created_at\`.`,
      querystring: companyPersonListQuerySchema,
      response: { 200: listEnvelope(companyPersonSchema), ...errorResponses(400, 401, 403, 503) },
    },
    handler: async (request) => {
      const query = request.query as CompanyPersonListQuery;
      const { items, total } = await service.people(companyActorOf(request), query);
      return { message: request.t('success.list'), data: items, pagination: { page: query.page, page_size: query.page_size, total } };
    },
  });

  app.route({
    method: 'GET',
    url: '/api/user/list',
    config: { permission: 'users.view' },
    schema: {
      tags,
      security,
      summary: 'All users of your company',
      description: `Every admin and driver of your company (removed ones left out), as \`company/driver&admin/list\` answers them, with
the same filters, search and sort: the people screen's list.`,
      querystring: companyPersonListQuerySchema,
      response: { 200: listEnvelope(companyPersonSchema), ...errorResponses(400, 401, 403, 503) },
    },
    handler: async (request) => {
      const query = request.query as CompanyPersonListQuery;
      const { items, total } = await service.people(companyActorOf(request), query);
      return { message: request.t('success.list'), data: items, pagination: { page: query.page, page_size: query.page_size, total } };
    },
  });

  app.route({
    method: 'PATCH',
    url: '/api/company/driver/admin-status/update/:id',
    config: { permission: 'users.update' },
    schema: {
      tags,
      security,
      summary: 'Let an admin or driver of your company sign in, or not',
      description: `\`{ admin_status }\` for the user \`id\`: 0 ends their sign-in and every session at once (in every server process),
1 lets them sign in again. Your own is 409 \`cannot_change_self\`. Audited.`,
      params: idParamsSchema,
      body: adminStatusUpdateSchema,
      response: { 200: dataEnvelope(companyPersonSchema), ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await service.setAdminStatus(companyActorOf(request), idOf(request), request.body as AdminStatusUpdate, metaOf(request)),
    }),
  });
}
