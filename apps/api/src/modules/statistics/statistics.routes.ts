import { statisticsEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { callerCompanyId } from '../../plugins/auth.ts';
import { createStatisticsService } from './statistics.service.ts';

const days = `Days are calendar days in the \`time_zone\` query parameter (an IANA name such as \`Asia/Colombo\`; an
unknown one is a 400 on \`time_zone\`), else the company's time zone. Only your company's bookings count;
cancelled bookings never do.`;

/** The daily board and statistics (issue 7, section 2). */
export function registerStatisticsRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createStatisticsService(db);
  const serve = endpointServer(app, 'statistics');

  serve(statisticsEndpoints.board, {
    summary: 'The day’s board: cars coming in or going out on a date',
    description: `\`type=in\`: bookings whose departure (\`departure_at\`, the car arriving at the car park) is on \`date\`,
with the outbound flight; \`type=out\`: bookings whose return (\`arrival_at\`) is on \`date\`, with the return flight.
Ordered by that time. No-shows stay on the board with their status. ${days}`,
    handler: async (request) => {
      const data = await service.board(callerCompanyId(request), request.query);
      return { message: request.t('success.fetched'), data };
    },
  });

  serve(statisticsEndpoints.bySegment, {
    summary: 'Bookings and revenue per day, week, month or year',
    description: `Per period (weeks start on Monday) from \`from\` to \`to\` (YYYY-MM-DD, both counted; \`from\` is moved
back to the start of its period): the bookings and the revenue (sum of \`total\`, minor units of \`currency\`) of
bookings that are not cancelled, each counted on its departure day. Every period is answered, in order, with 0 where
nothing happened. Without \`to\`: today; without \`from\`: 30 days, 12 weeks, 12 months or 5 years up to \`to\`. At most
400 periods (else a 400 on \`to\`). ${days}`,
    handler: async (request) => {
      const data = await service.bySegment(callerCompanyId(request), request.query);
      return { message: request.t('success.fetched'), data };
    },
  });

  serve(statisticsEndpoints.headline, {
    summary: 'The dashboard’s headline figures',
    description: `Today's in and out (as the board counts them), the cars on site now (checked in or parked), this
month's bookings and revenue (by departure day), the company's currency, and per active car park (a location of type
\`car_park\` with capacity above 0): its capacity, the stays holding today (\`start_day\` <= today <= \`end_day\`, not
cancelled or no-show) and the cars on site now. ${days}`,
    handler: async (request) => {
      const data = await service.headline(callerCompanyId(request), request.query.time_zone);
      return { message: request.t('success.fetched'), data };
    },
  });

  serve(statisticsEndpoints.occupancy, {
    summary: 'Occupancy calendar: stays per car park per day against capacity',
    description: `For each active car park (or only \`car_park_id\`; not one of your active car parks: 404) and each day
from \`from\` (default today) for \`days\` days (default 60, at most 366): \`booked\`, the stays holding that day
(\`start_day\` <= day <= \`end_day\`, not cancelled or no-show), and \`full\` when booked reaches the capacity. ${days}`,
    errors: [404],
    handler: async (request) => {
      const data = await service.occupancy(callerCompanyId(request), request.query);
      return { message: request.t('success.fetched'), data };
    },
  });
}
