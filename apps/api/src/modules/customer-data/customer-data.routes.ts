import { closedBookingStatuses, customerDataEndpoints, ERASED_REGISTRATION } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf } from '../../kit/routes.ts';
import { attachmentDisposition } from '../../lib/uploads.ts';
import { exportCsv } from './customer-data.export.ts';
import { createCustomerDataService } from './customer-data.service.ts';

const searchText = `The body names the customer: \`email\` (compared whatever its case, otherwise exactly) and/or \`phone\` (compared by
its digits exactly, at least 6); with both, a booking with either is theirs. Neither: 400 on \`email\`. Sent as a body, not in the
address, so no log line holds it. Only your company's bookings are ever found.`;

const closed = closedBookingStatuses.map((status) => `\`${status}\``).join(', ');

/** Issue 23, section 4: a customer's data, found, exported and erased by the rules. */
export function registerCustomerDataRoutes(app: FastifyInstance, { db, uploads }: ModuleDeps): void {
  const service = createCustomerDataService(db, uploads, app.log);
  const serve = endpointServer(app, 'customer-data');

  serve(customerDataEndpoints.find, {
    summary: "A customer's bookings",
    description: `The customer's bookings of your company, the latest stay first (none: an empty list), each with its personal fields
and whether an erase now blanks it: \`erasable\` when it is closed (${closed}) and its stay ended (\`arrival_at\`) more than your
company's \`retention_days\` ago (\`personal_data_retention_days\` in the company details, default 365); otherwise \`kept_reason\`
\`open\` or \`recent\`, and \`erasable_from\` when the stay's end is past the retention. ${searchText}`,
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await service.find(companyActorOf(request), request.body),
    }),
  });

  serve(customerDataEndpoints.exportJson, {
    summary: "A customer's data, as JSON",
    description: `Everything your company keeps on the customer's bookings, for a customer who asks to see their data: each booking's
personal fields (name, e-mail, phone, vehicle), its stay, its price lines (minor units of its currency), payments (deleted ones
too), handovers (their photos and signature by name, type, size and date; never the bytes) and the mails sent about it (to whom,
the subject, when). Audited as a \`customer_data_export\` entry named by \`export_id\` (the format and the bookings' references,
not the customer's details). Money throughout: \`finance.view\` too. No booking of yours: 404 \`customer_bookings_not_found\`.
${searchText}`,
    errors: [404],
    handler: async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        message: request.t('success.fetched'),
        data: await service.exportData(companyActorOf(request), request.body, 'json'),
      };
    },
  });

  serve(customerDataEndpoints.exportCsv, {
    summary: "A customer's data, as CSV",
    description: `The same as the JSON export, one line per booking: headers and words in your language, money in the booking's
currency, times on its airport's clock; a booking's services, payments, handovers and mails each in one cell. UTF-8 with a
byte order mark; a cell a spreadsheet would run as a formula starts with an apostrophe. Audited the same way; money throughout:
\`finance.view\` too. No booking of yours: 404 \`customer_bookings_not_found\`. ${searchText}`,
    errors: [404],
    responses: { 200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } } },
    handler: async (request, reply) => {
      const exported = await service.exportData(companyActorOf(request), request.body, 'csv');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(`customer-data-${exported.export_id}.csv`))
        .header('cache-control', 'private, no-store')
        .send(exportCsv(exported.bookings, request.t, request.language));
    },
  });

  serve(customerDataEndpoints.erase, {
    summary: "Erase a customer's personal data",
    description: `On each of the customer's bookings that is closed (${closed}) and whose stay ended more than your company's retention
ago, in one transaction: the name becomes "Erased" in the booking's language, the registration \`${ERASED_REGISTRATION}\`, and the
e-mail, phone, make, model, colour, flights and notes are emptied; the handovers' photos and signatures are deleted (their rows and
files) and their typed names emptied; the mails' address and bodies are blanked (one still waiting is failed, never sent); the
flight news goes. The reference, the stay's dates, the prices, the payments and the totals stay, for the accounts. \`erased\` lists
each booking blanked (with how many images and mails went), \`kept\` each one left as it is, with why (\`open\`, \`recent\`) and
\`erasable_from\`. One audit entry per booking erased, holding the new values only. No booking of yours: 404
\`customer_bookings_not_found\`. ${searchText}`,
    errors: [404],
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await service.erase(companyActorOf(request), request.body),
    }),
  });
}
