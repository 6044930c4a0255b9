import { Readable } from 'node:stream';
import { reportEndpoints, reportSubscriptionEndpoints } from '@ps/contracts/reports';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { registerCrudRoutes } from '../../kit/routes.ts';
import { attachmentDisposition } from '../../lib/uploads.ts';
import { callerCompanyId } from '../../plugins/auth.ts';
import { reportCsv, reportTables, reportXlsxStream } from './reports.files.ts';
import { buildReport } from './reports.service.ts';
import { createSubscriptionsService } from './reports.subscriptions.ts';

const period = `\`from\` and \`to\` (YYYY-MM-DD, both counted, on your company's clock; default: this month; at most 366 days, else
a 400 on \`to\`), \`car_park_id\` (one of your active car parks, else 404; default: all). A booking counts on its departure
day; cancelled bookings count only in the cancellation rate; money is minor units of \`currency\`.`;

/** Reports a manager reads, their downloads, and the report by mail (issue 24, section 3). */
export function registerReportRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const serve = endpointServer(app, 'reports');

  serve(reportEndpoints.view, {
    summary: 'Every report of a period',
    description: `Revenue by car park and month against the same days a year before; stays per day against the spaces (occupancy);
the forecast of the next 60 days from today (stays on hand scaled by last year's pick-up at the same lead time); length of
stay and lead time (averages and buckets); cancellation and no-show rates; bookings and revenue by source (office, online:
the public API and the hosted page, agency) and channel; per agency with its commission; per voucher with its discount and
every discount given; per driver, completed trips, approved payouts and the cost per trip. ${period}`,
    errors: [404],
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await buildReport(db, callerCompanyId(request), request.query),
    }),
  });

  serve(reportEndpoints.export, {
    summary: 'A report as CSV, or the reports as an XLSX workbook',
    description: `\`format=xlsx\` (default): a workbook with one sheet per report (\`report=all\`, the default) or the one asked for:
numbers as numbers, days as dates, money in major units formatted in your company's currency, headers in your language.
\`format=csv\`: one report (\`report\` required), UTF-8 with a byte order mark, money in major units. The file is written
as it is sent. ${period}`,
    errors: [404],
    responses: {
      200: {
        description: 'The file',
        content: {
          'text/csv': { schema: z.string() },
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: z.string() },
        },
      },
    },
    handler: async (request, reply) => {
      const { report: kind, format, ...query } = request.query;
      const report = await buildReport(db, callerCompanyId(request), query);
      const tables = reportTables(report, request.t, kind === 'all' ? undefined : kind);
      const name = `report-${kind}-${report.from}-${report.to}.${format}`;
      reply.header('content-disposition', attachmentDisposition(name)).header('cache-control', 'private, no-store');
      if (format === 'csv') {
        const [table] = tables;
        return reply.header('content-type', 'text/csv; charset=utf-8').send(Readable.from(table ? reportCsv(table, report.currency) : []));
      }
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .send(reportXlsxStream(tables, report.currency));
    },
  });

  registerCrudRoutes(endpointServer(app, 'reports'), {
    endpoints: reportSubscriptionEndpoints,
    scope: 'company',
    service: createSubscriptionsService(db),
    docs: {
      add: {
        summary: 'Subscribe someone to the report by mail',
        description: `\`user_id\`: one of your company's office users with an e-mail address (anyone else: 400 on \`user_id\`);
\`frequency\` \`weekly\` (sent on Monday at 07:00 on your company's clock, for the Monday-to-Sunday week before) or \`monthly\`
(on the 1st at 07:00, for the month before); \`language\` of the mail and the file. Each period is sent once per subscription
and recipient, with the XLSX attached, through the outbox.`,
      },
      list: {
        summary: "Your company's report subscriptions",
        description:
          'Paging, sort (`created_at`, `frequency`, `status`), `status=1` for active ones; each with its recipient and the last period sent.',
      },
    },
  });
}
