import { driverRateEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { requestDay } from '../../kit/day.ts';
import { endpointServer, wholeListAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf } from '../../kit/routes.ts';
import { callerCompanyId } from '../../plugins/auth.ts';
import { createDriverRatesService } from './driver-rates.service.ts';

/** Issue 8, section 1: price_per_hour/list and add (a rate is never changed: a new one starts on a later day). */
export function registerDriverRateRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createDriverRatesService(db);
  const serve = endpointServer(app, 'driver-rates');

  serve(driverRateEndpoints.list, {
    summary: "A driver's hourly rates",
    description: `Every rate of the driver (\`driver_id\`), the latest \`effective_from\` first, all on one page. \`current\` marks the
rate in force on the request's day (in \`time_zone\`, else your company's): the latest one that has started by then; a rate that
starts later is listed and not current. Another company's (or an unknown) driver: 404.`,
    errors: [404],
    handler: async (request) => {
      const { driver_id, time_zone } = request.query;
      const items = await service.list(companyActorOf(request), driver_id, await requestDay(db, callerCompanyId(request), time_zone));
      return wholeListAnswer(request, items);
    },
  });

  serve(driverRateEndpoints.add, {
    summary: 'Give a driver a new hourly rate from a day on',
    description: `\`price_per_hour\` in minor units of your currency (more than 0) from \`effective_from\` (YYYY-MM-DD, past or future)
until a later rate starts; earlier rates stay as they were. One rate per driver and day: a second one is 409
\`driver_rate_taken\` on \`effective_from\`. Another company's, an unknown or a removed driver: 404. \`current\` in the
answer says whether it is in force on the request's day (\`time_zone\`, else your company's). Audited (\`driver_rate\`).`,
    errors: [404, 409],
    handler: async (request) => ({
      message: request.t('success.created'),
      data: await service.create(
        companyActorOf(request),
        request.body,
        await requestDay(db, callerCompanyId(request), request.query.time_zone),
      ),
    }),
  });
}
