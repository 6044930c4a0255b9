import { Readable } from 'node:stream';
import { AUDIT_MAX_PAGE_SIZE, auditEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endpointServer, listAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf } from '../../kit/routes.ts';
import { attachmentDisposition } from '../../lib/uploads.ts';
import { createAuditLogService } from './audit.log.ts';

const filtersText = `Filters: \`user_id\` (who made the change), \`entity\` (the kind of record: \`booking\`, \`agency\`...), \`entity_id\`
(the record), \`action\` (\`create\`, \`update\`, \`delete\`), \`from\` and \`to\` (\`YYYY-MM-DD\`, both counted, on your company's clock;
\`to\` before \`from\`: 400 on \`to\`). An unknown kind or action, or a malformed day: 400 naming the parameter.`;

/**
 * The Audit screen's calls (issue 9, section 5): read only. The log is written by each change's own transaction
 * (recordAudit); no route adds to it, changes it or removes from it (audit.routes.test.ts walks the route table for that).
 */
export function registerAuditRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createAuditLogService(db);
  const serve = endpointServer(app, 'audit');

  serve(auditEndpoints.list, {
    summary: "Your company's audit log",
    description: `Every change to your company's records, newest first: when, who (\`actor\`, null for the system), the kind of record
(\`entity\`), its id and name (\`record_name\`: a booking's reference, a driver's name...), the action, and each changed field
with its value before and after (\`from\` is null on a creation, \`to\` on a deletion; a password or secret only says
\`[changed]\`) and, for a reference to another record, that record's name (\`from_name\`, \`to_name\`). Bookkeeping fields
(the company, the row's own ids, who wrote it, keys, file names on disk) are left out. Paging \`page\`, \`page_size\` (at most ${AUDIT_MAX_PAGE_SIZE}).
${filtersText}`,
    handler: async (request) => {
      return listAnswer(request, await service.list(companyActorOf(request), request.query));
    },
  });

  serve(auditEndpoints.filters, {
    summary: "Who and what appear in your company's audit log",
    description: "The people who made changes (by name) and the kinds of record changed, for the Audit screen's filter lists.",
    handler: async (request) => ({ message: request.t('success.fetched'), data: await service.filters(companyActorOf(request)) }),
  });

  serve(auditEndpoints.export, {
    summary: "Your company's audit log as CSV",
    description: `Every entry the filters match (no paging), newest first, as a UTF-8 CSV file with a byte order mark: one line per
changed field with the time on your company's clock, who, the resource, the record (by its name where it has one: a
booking's reference, a driver's name), the action, the field, before and after; headers, resources, actions and fields in
your language, money in your company's currency, times on its clock, other records by name; bookkeeping columns (the
company, ids of the row, keys, file names on disk) left out. A cell that a spreadsheet would run as a formula (=, +, -, @ first) starts
with an apostrophe. The file is written as it is read, in batches, so a long log does not wait or fill the server's memory.
${filtersText}`,
    responses: { 200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } } },
    handler: async (request, reply) => {
      const rows = service.csv(companyActorOf(request), request.query, request.t, request.language);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition('audit.csv'))
        .header('cache-control', 'private, no-store')
        .send(Readable.from(rows));
    },
  });
}
