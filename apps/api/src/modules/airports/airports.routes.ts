import {
  airportCreateSchema,
  airportListQuerySchema,
  airportSchema,
  airportUpdateSchema,
  coreAirportListQuerySchema,
  coreAirportSchema,
  dataEnvelope,
  idParamsSchema,
  listEnvelope,
  messageEnvelope,
} from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerCompanyId, requireCaller } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/errors.ts';
import type { AirportsService } from './airports.service.ts';

const tags = ['airports'];
const security = [{ bearer: [] }];

/** Spec section 7: airport/add, list, get/{id}, update/{id}, delete/{id}, and core/airport/list. */
export function registerAirportRoutes(app: FastifyInstance, airports: AirportsService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/airport/add', {
    onRequest: app.requirePermission('airports.create'),
    schema: {
      tags,
      security,
      summary: 'Add an airport to your company',
      body: airportCreateSchema,
      response: { 201: dataEnvelope(airportSchema), ...errorResponses(400, 401, 403, 409, 503) },
    },
    handler: async (request, reply) => {
      const airport = await airports.create(requireCaller(request), callerCompanyId(request), request.body);
      return reply.code(201).send({ message: request.t('success.created'), data: airport });
    },
  });

  api.get('/api/airport/list', {
    onRequest: app.requirePermission('airports.view'),
    schema: {
      tags,
      security,
      summary: "Your company's airports: paging, sort, search by code or name, status=1 for active ones",
      querystring: airportListQuerySchema,
      response: { 200: listEnvelope(airportSchema), ...errorResponses(400, 401, 403, 503) },
    },
    handler: async (request) => {
      const { items, total } = await airports.list(callerCompanyId(request), request.query);
      return {
        message: request.t('success.list'),
        data: items,
        pagination: { page: request.query.page, page_size: request.query.page_size, total },
      };
    },
  });

  api.get('/api/airport/get/:id', {
    onRequest: app.requirePermission('airports.view'),
    schema: {
      tags,
      security,
      summary: 'One airport of your company',
      params: idParamsSchema,
      response: { 200: dataEnvelope(airportSchema), ...errorResponses(400, 401, 403, 404, 503) },
    },
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await airports.get(callerCompanyId(request), request.params.id),
    }),
  });

  api.patch('/api/airport/update/:id', {
    onRequest: app.requirePermission('airports.update'),
    schema: {
      tags,
      security,
      summary: 'Change an airport (any subset of its fields; a status toggle sends only status)',
      params: idParamsSchema,
      body: airportUpdateSchema,
      response: { 200: dataEnvelope(airportSchema), ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await airports.update(requireCaller(request), callerCompanyId(request), request.params.id, request.body),
    }),
  });

  api.delete('/api/airport/delete/:id', {
    onRequest: app.requirePermission('airports.delete'),
    schema: {
      tags,
      security,
      summary: 'Delete an airport; refused with 409 while other records still use it',
      params: idParamsSchema,
      response: { 200: messageEnvelope, ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request) => {
      await airports.delete(requireCaller(request), callerCompanyId(request), request.params.id);
      return { message: request.t('success.deleted') };
    },
  });

  api.get('/api/core/airport/list', {
    onRequest: app.requirePermission('core_airports.view'),
    schema: {
      tags,
      security,
      summary: "The organisation's core airports that companies pick from",
      querystring: coreAirportListQuerySchema,
      response: { 200: listEnvelope(coreAirportSchema), ...errorResponses(400, 401, 403, 503) },
    },
    handler: async (request) => {
      const { items, total } = await airports.coreList(request.query);
      return {
        message: request.t('success.list'),
        data: items,
        pagination: { page: request.query.page, page_size: request.query.page_size, total },
      };
    },
  });
}
