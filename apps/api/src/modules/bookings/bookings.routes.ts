import { Readable } from 'node:stream';
import { constants as zlibConstants } from 'node:zlib';
import { bookingEndpoints } from '@ps/contracts/bookings.endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { endpointServer, listAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { attachmentDisposition } from '../../lib/uploads.ts';
import { callerCompanyId, requireCaller } from '../../plugins/auth.ts';
import { seesMoney } from '../../plugins/finance.ts';
import { BOOKING_AUDIT_LIMIT, createBookingAuditService } from './bookings.audit.ts';
import { bookingsCsv } from './bookings.export.ts';
import { type BookingCaller, createBookingsService } from './bookings.service.ts';
import { createBookingStatusService } from './bookings.status.ts';
import { BOOKING_VERSIONS_LIMIT, createBookingVersionsService } from './bookings.versions.ts';

/** The caller as the bookings service needs it: company, user, language. */
export function bookingCaller(request: FastifyRequest): BookingCaller {
  return { companyId: callerCompanyId(request), actorUserId: requireCaller(request).userId, language: request.language, t: request.t };
}

const pricingText = `Priced by the quote when it is made (the stay's calendar days at the airport, in its time zone, from
\`departure_at\` and \`arrival_at\`), and the price is then fixed in the booking: a later price-list change never changes
it. The car park (the route's departure if it has spaces, else its arrival) must have a space on every day of the
stay: 409 \`car_park_full\` names the car park and the first full day. A place with a limit per 15-minute slot of the
airport's clock (\`departure_slot_limit\` for the drop-off at \`departure_id\`, \`arrival_slot_limit\` for the return at
\`arrival_id\`) refuses a full slot: 409 \`slot_full\` with the nearest free slots in \`free_slots\`. A voucher's use is taken
in the same transaction (400 \`voucher_used_up\` when another booking took the last one).`;

/** Spec 7: booking add, list, get, update, delete, status/list, status/update, plus status history, audit trail and re-price. */
export function registerBookingRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createBookingsService(db);
  const statuses = createBookingStatusService(db);
  const audit = createBookingAuditService(db);
  const versions = createBookingVersionsService(db, service);
  const serve = endpointServer(app, 'bookings');

  serve(bookingEndpoints.add, {
    summary: 'Add a booking',
    description: `${pricingText}\n\nThe first status comes from the channel: \`phone\` and \`walk_in\` are \`confirmed\`,
\`web\` and \`agency\` \`pending\`. \`service_ids\` become the booking's service lines at today's prices. \`agency_id\` names an
active agency of your company (required for channel \`agency\`, else 400 on \`agency_id\`); the booking keeps the agency's
commission rate of now (\`agency_commission_percent\`). \`status\`, prices, the commission rate, \`reference\` and
\`company_id\` are never in the body (400). Audited; the live board hears of it.`,
    errors: [404, 409],
    handler: async (request) => ({
      message: request.t('success.created'),
      data: await service.create(bookingCaller(request), request.body),
    }),
  });

  serve(bookingEndpoints.list, {
    summary: "Your company's bookings",
    description: `Paging, sort, \`search\` (reference, customer name, e-mail, phone, registration ignoring spaces) and
filters: \`status\` (comma separated), \`airport_id\`, \`car_park_id\`, \`channel\`, \`type\`, and \`from\`/\`to\` (YYYY-MM-DD,
both counted) on the departure day (or the arrival day with \`date_field=arrival\`) in the request's \`time_zone\` (an
IANA zone; the company's otherwise). Each booking carries the names beside its ids, \`paid\` and \`outstanding\`.`,
    handler: async (request) => {
      return listAnswer(request, await service.list(bookingCaller(request), request.query));
    },
  });

  serve(bookingEndpoints.export, {
    summary: "Your company's bookings as CSV",
    description: `Every booking the list's filters match (the list's \`search\`, \`status\`, \`airport_id\`, \`car_park_id\`,
\`channel\`, \`type\`, \`date_field\`, \`from\`, \`to\` and \`time_zone\`; no paging), in the list's \`sort\`, as a UTF-8 CSV file with a
byte order mark: reference, customer name, phone, e-mail, vehicle, car park, departure and arrival on the airport's clock,
status in your language, and with \`finance.view\` total, paid and outstanding in the booking's currency. A cell that a
spreadsheet would run as a formula starts with an apostrophe. Written as it is read, 500 bookings at a time, so the first
bytes leave at once and a long list neither waits nor fills the server's memory.`,
    responses: { 200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } } },
    // Compressed as it goes, each batch flushed: the compressor would otherwise hold the first bytes back until its
    // buffer fills (issue 24: the first byte within 200 ms).
    options: {
      compress: {
        encodings: ['br', 'gzip'],
        brotliOptions: { flush: zlibConstants.BROTLI_OPERATION_FLUSH, params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
        zlibOptions: { flush: zlibConstants.Z_SYNC_FLUSH },
      },
    },
    handler: async (request, reply) => {
      const { companyId } = bookingCaller(request);
      const lines = bookingsCsv(db, companyId, request.query, { t: request.t, seesMoney: seesMoney(request) });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition('bookings.csv'))
        .header('cache-control', 'private, no-store')
        .send(Readable.from(lines));
    },
  });

  serve(bookingEndpoints.get, {
    summary: 'One booking',
    description: 'The booking with its names, price breakdown, `paid` and `outstanding`; 404 when it is not in your company.',
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await service.get(bookingCaller(request), request.params.id),
    }),
  });

  serve(bookingEndpoints.update, {
    summary: 'Change a booking',
    description: `Any subset of the fields. A change of route (\`departure_id\`, \`arrival_id\`), times, \`package_id\`, \`type\`
or \`voucher_code\` re-prices the booking on purpose: \`repriced\` answers the old and new price breakdowns (null when the
price was kept). The car park is checked again (409 \`car_park_full\`), and a time moved into another 15-minute slot
against its place's limit (409 \`slot_full\` with \`free_slots\`; the booking never counts against itself); a voucher removed or changed gives its use back; the
voucher the booking already holds keeps its rule and is not refused as used up. A completed, cancelled or no-show
booking cannot be changed (409 \`booking_closed\`). Audited.`,
    errors: [409],
    handler: async (request) => {
      const result = await service.update(bookingCaller(request), request.params.id, request.body);
      return { message: request.t('success.updated'), ...result };
    },
  });

  serve(bookingEndpoints.reprice, {
    summary: 'Preview the price of a change',
    description: `The same body as the update; writes nothing. Answers \`{ before, after }\` price breakdowns (equal when the
change keeps the price), so the old and new totals can be shown before saving. The same errors as the update.`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await service.reprice(bookingCaller(request), request.params.id, request.body),
    }),
  });

  serve(bookingEndpoints.delete, {
    summary: 'Delete a booking',
    description: `Only a \`pending\`, \`cancelled\` or \`no_show\` booking without payments; otherwise 409 \`booking_in_use\`.
The deletion is audited with the whole booking and gives back a voucher use it still holds.`,
    errors: [409],
    handler: async (request) => {
      await service.delete(bookingCaller(request), request.params.id);
      return { message: request.t('success.deleted') };
    },
  });

  serve(bookingEndpoints.statuses, {
    summary: 'Booking statuses',
    description: "Every status labelled in the caller's language, with `next`: the statuses it may move to.",
    handler: async (request) => ({ message: request.t('success.list'), data: statuses.statusOptions(request) }),
  });

  serve(bookingEndpoints.setStatus, {
    summary: "Move a booking's status",
    description: `\`{ status, note? }\`. Only the moves of the status list's \`next\`; any other is 400
\`booking_transition_invalid\` naming both statuses in the caller's language. Each move is a line of the history (who, when,
from, to, note), audited, and heard by the live board. Cancelling gives the voucher's use back; cancelled and no-show
bookings free their car park space.`,
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await statuses.changeStatus(bookingCaller(request), request.params.id, request.body),
    }),
  });

  serve(bookingEndpoints.statusHistory, {
    summary: "A booking's status history",
    description: 'Oldest first: who (id and name), when, from (null: when it was made), to, and the note.',
    handler: async (request) => ({
      message: request.t('success.list'),
      data: await statuses.statusHistory(bookingCaller(request), request.params.id),
    }),
  });

  serve(bookingEndpoints.auditTrail, {
    summary: "A booking's audit trail",
    description: `Newest first, at most ${BOOKING_AUDIT_LIMIT} entries: every change to the booking and to the service lines,
payments and messages made for it (deleted ones included), and to its trips (\`trip\`), with the movements of its car
(\`trip_movement\`), the times its trips moved by themselves (\`trip_schedule_change\`: old and new time, \`reason\`
\`booking_changed\`, \`flight_delayed\` or \`flight_early\`, a driver taken off) and admins' status corrections of its trips
(\`trip_status_correction\`, with the reason); each with who made it, when, and each changed field before and after. A
message's bodies are left out (the outbox shows them). Without \`finance.view\` the payments and every money field (a total, a
fee) are left out.`,
    handler: async (request) => ({
      message: request.t('success.list'),
      data: await audit.auditTrail(bookingCaller(request), request.params.id, { seesMoney: seesMoney(request) }),
    }),
  });

  serve(bookingEndpoints.versions, {
    summary: "A booking's versions",
    description: `Newest first, at most ${BOOKING_VERSIONS_LIMIT}: the booking after each audited change of it (its creation, each
edit, status move or restore), read from the audit log. Each has the audit id (what a restore names), when, who, the fields
that change changed (\`changed_fields\`, empty for the creation), \`restored_from\` (the version a restore brought back),
\`is_current\` (the same editable state as now) and \`state\`: the editable fields at that version. 404 when the booking is not
in your company.`,
    handler: async (request) => ({
      message: request.t('success.list'),
      data: await versions.versions(bookingCaller(request), request.params.id),
    }),
  });

  serve(bookingEndpoints.restorePreview, {
    summary: 'Preview restoring a version',
    description: `Writes nothing. \`fields\`: each editable field the restore of \`audit_id\` would change, now and restored (with
the names of locations and the package), and \`price\`: the price breakdown before and after (equal when the restore keeps the
price). The same errors as the restore.`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await versions.preview(bookingCaller(request), request.params.id, request.query.audit_id),
    }),
  });

  serve(bookingEndpoints.restore, {
    summary: 'Restore a version',
    description: `\`{ audit_id }\`: one of the booking's versions. Its editable fields (customer, vehicle, route, times, flights,
passengers, package, type, language, shuttles, notes; never the status, payments, reference, voucher, agency or channel) are
applied through the same update as an edit: re-priced when the route, times, package or type change (\`repriced\`), the car
park checked again (409 \`car_park_full\`, nothing changed), a completed, cancelled or no-show booking refused (409
\`booking_closed\`), a checked-out one too (409 \`restore_checked_out\`: its stay is what happened), a value today's rules refuse a 400. Audited as an update whose changes carry \`restored_from\`: { to:
audit_id }. An audit id that is not a version of this booking: 404; a version equal to the booking now: 409
\`restore_no_change\`.`,
    errors: [409],
    handler: async (request) => {
      const result = await versions.restore(bookingCaller(request), request.params.id, request.body.audit_id);
      return { message: request.t('success.restored'), ...result };
    },
  });
}
