import {
  type DriverRateCreate,
  dataEnvelope,
  driverRateCreateSchema,
  driverRateListQuerySchema,
  driverRateSchema,
  listEnvelope,
  zonedContextQuerySchema,
} from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { requestDay } from '../../kit/day.ts';
import { companyActorOf } from '../../kit/routes.ts';
import { callerCompanyId } from '../../plugins/auth.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { createDriverRatesService } from './driver-rates.service.ts';

const tags = ['driver-rates'];
const security = [{ bearer: [] }];
const listQuerySchema = driverRateListQuerySchema;
const addQuerySchema = zonedContextQuerySchema;

/** Issue 8, section 1: price_per_hour/list and add (a rate is never changed: a new one starts on a later day). */
export function registerDriverRateRoutes(app: FastifyInstance, db: Db): void {
  const service = createDriverRatesService(db);

  app.route({
    method: 'GET',
    url: '/api/driver/price_per_hour/list',
    config: { permission: 'drivers.view' },
    schema: {
      tags,
      security,
      summary: "A driver's hourly rates",
      description: `Every rate of the driver (\`driver_id\`), the latest \`effective_from\` first, all on one page. \`current\` marks the
rate in force on the request's day (in \`time_zone\`, else your company's): the latest one that has started by then; a rate that
starts later is listed and not current. Another company's (or an unknown) driver: 404.`,
      querystring: listQuerySchema,
      response: { 200: listEnvelope(driverRateSchema), ...errorResponses(400, 401, 403, 404, 503) },
    },
    handler: async (request) => {
      const query = request.query as z.output<typeof listQuerySchema>;
      const items = await service.list(
        companyActorOf(request),
        query.driver_id,
        await requestDay(db, callerCompanyId(request), query.time_zone),
      );
      return { message: request.t('success.list'), data: items, pagination: { page: 1, page_size: items.length, total: items.length } };
    },
  });

  app.route({
    method: 'POST',
    url: '/api/driver/price_per_hour/add',
    config: { permission: 'drivers.update' },
    schema: {
      tags,
      security,
      summary: 'Give a driver a new hourly rate from a day on',
      description: `\`price_per_hour\` in minor units of your currency (more than 0) from \`effective_from\` (YYYY-MM-DD, past or future)
until a later rate starts; earlier rates stay as they were. One rate per driver and day: a second one is 409
\`driver_rate_taken\` on \`effective_from\`. Another company's, an unknown or a removed driver: 404. \`current\` in the
answer says whether it is in force on the request's day (\`time_zone\`, else your company's). Audited (\`driver_rate\`).`,
      querystring: addQuerySchema,
      body: driverRateCreateSchema,
      response: { 201: dataEnvelope(driverRateSchema), ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request, reply) => {
      const query = request.query as z.output<typeof addQuerySchema>;
      const rate = await service.create(
        companyActorOf(request),
        request.body as DriverRateCreate,
        await requestDay(db, callerCompanyId(request), query.time_zone),
      );
      return reply.code(201).send({ message: request.t('success.created'), data: rate });
    },
  });
}
