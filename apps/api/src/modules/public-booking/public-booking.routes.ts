import { createHash } from 'node:crypto';
import { publicBookingEndpoints } from '@ps/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpointServer, listAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { AppError } from '../../lib/errors.ts';
import { createQuoteService } from '../quote/quote.service.ts';
import { clientKeyCompany } from '../web-config/web-config.service.ts';
import { CAR_REQUEST_WINDOW_HOURS, createManageBookingService } from './public-booking.manage.ts';
import { listPublicAirports, listPublicPackages, listPublicServices } from './public-booking.repository.ts';
import { createPublicBookingService, openForBookings } from './public-booking.service.ts';

const CLIENT_KEY = `No user token: authorised with \`Authorization: Basic\` of \`company_id:client_key\` (the company's sign-in page's
\`ps-client-key\`); a wrong or missing key, or an inactive company, is 401 \`client_key_invalid\`, and a company that has switched
its public booking off is 401 \`public_booking_off\` (both at once, in every server process).`;

/** The public booking API (issue 23, section 1): what a company's own web site calls with its client key. */
export function registerPublicBookingRoutes(app: FastifyInstance, { db, config, secret }: ModuleDeps): void {
  const serve = endpointServer(app, 'public-booking');
  const quotes = createQuoteService(db);
  const publicBookings = createPublicBookingService(db);
  const manage = createManageBookingService(db, secret);
  const companyOf = async (request: FastifyRequest) => openForBookings(await clientKeyCompany(db, request.headers.authorization));

  // A booking form is sent a few times an hour from one address, and a company's site has a ceiling of its own: a
  // script that books through a leaked key or from one machine is stopped. The key is counted by a hash of the header.
  const limits = [
    app.createRateLimit({
      max: config.PUBLIC_BOOKINGS_PER_ADDRESS_PER_HOUR,
      timeWindow: 3_600_000,
      keyGenerator: (request) => `public-booking-add:address:${request.ip}`,
    }),
    app.createRateLimit({
      max: config.PUBLIC_BOOKINGS_PER_KEY_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request) =>
        `public-booking-add:key:${createHash('sha256')
          .update(request.headers.authorization ?? '')
          .digest('base64url')}`,
    }),
  ];
  // Asking for codes and trying them: a few an hour from one address (a code has 5 tries and a booking 5 codes an hour).
  const accessLimit = app.createRateLimit({
    max: config.PUBLIC_ACCESS_PER_ADDRESS_PER_HOUR,
    timeWindow: 3_600_000,
    keyGenerator: (request) => `public-booking-access:address:${request.ip}`,
  });
  async function assertUnderLimits(request: FastifyRequest, checks = limits): Promise<void> {
    for (const limit of checks) {
      const outcome = await limit(request);
      if (!outcome.isAllowed && outcome.isExceeded) throw new AppError(429, 'too_many_requests');
    }
  }

  serve(publicBookingEndpoints.airports, {
    summary: "The company's airports a customer can book at",
    description: `${CLIENT_KEY} Only the company's active airports, with the fields a site shows: code, name, country (ISO 3166) and
time zone. Paging (a site asks with \`page_size=1000\`), sort (\`iata_code\`, \`name\`), search by code or name.`,
    errors: [401],
    handler: async (request) => {
      const company = await companyOf(request);
      const { rows, total } = await listPublicAirports(db, company.id, request.query);
      return listAnswer(request, { items: rows, total });
    },
  });

  serve(publicBookingEndpoints.packages, {
    summary: "The company's packages a customer can choose",
    description: `${CLIENT_KEY} Only the company's active packages, with the fields a site shows: name, description, type
(\`parking\`, \`meet_and_greet\`, \`park_and_ride\`) and price (integer minor units in the company's currency: a supplement
added to the stay's price). Paging (a site asks with \`page_size=1000\`), sort (\`name\`, \`type\`, \`price\`), search by name.`,
    errors: [401],
    handler: async (request) => {
      const company = await companyOf(request);
      const { rows, total } = await listPublicPackages(db, company.id, request.query);
      return listAnswer(request, { items: rows, total });
    },
  });

  serve(publicBookingEndpoints.services, {
    summary: "The company's additional services a customer can add",
    description: `${CLIENT_KEY} Only the company's active additional services (car wash, EV charging...): name and price (integer
minor units in the company's currency). A booking names the ones chosen in \`service_ids\`. Paging (a site asks with
\`page_size=1000\`), sort (\`name\`, \`price\`), search by name.`,
    errors: [401],
    handler: async (request) => {
      const company = await companyOf(request);
      const { rows, total } = await listPublicServices(db, company.id, request.query);
      return listAnswer(request, { items: rows, total });
    },
  });

  serve(publicBookingEndpoints.quote, {
    summary: 'The price of a stay, explained',
    description: `${CLIENT_KEY} The same query and the same \`data.quote\` (with its explanation, in the request's language) as
\`GET /api/location-price/admin/list\` for the same inputs, from the company's active records only (an inactive airport or
location is 400 on its field, as for an unknown one); never the route's price list. A voucher is checked as a booking
would check it (unknown 404, inactive, out of its dates or used up 400).`,
    errors: [401, 404],
    handler: async (request) => {
      const company = await companyOf(request);
      const { quote } = await quotes.quote({ companyId: company.id, language: request.language, t: request.t }, request.query, {
        activeOnly: true,
      });
      return { message: request.t('success.fetched'), data: { quote } };
    },
  });

  serve(publicBookingEndpoints.add, {
    summary: "A customer's booking from the company's web site",
    description: `${CLIENT_KEY} The customer's fields of \`booking/add\` (name, e-mail and registration required), channel \`web\`.
Priced by the same quote as \`GET /api/public/quote\` (active records only), with the same car park capacity (409
\`car_park_full\`), limits per 15-minute slot (409 \`slot_full\`, the nearest free slots in \`free_slots\`) and voucher
rules (used up: 400 \`voucher_used_up\`) as a booking the office takes. The company's setting decides
its status: paid on arrival, \`confirmed\` at once; paid in advance, \`pending\` until the company records the payment. The
answer says which in \`next_step\` and \`next_step_text\`, and the confirmation mail is queued to the customer.

\`Idempotency-Key\` is required (1-100 visible ASCII characters, one per form): the same key with the same body answers the same
booking again (201 with \`Idempotent-Replayed: true\`, also when the two requests race), with another body 409
\`idempotency_key_reused\`. Against scripts: \`website\` is a field the page hides from people and must stay empty (400
\`public_form_rejected\`), and \`form_started_at\` (when the form was shown) must be at least 3 seconds (400
\`public_form_too_fast\`) and at most 24 hours (400 \`public_form_expired\`) before the request. At most
PUBLIC_BOOKINGS_PER_ADDRESS_PER_HOUR bookings (default 20) from one address and PUBLIC_BOOKINGS_PER_KEY_PER_MINUTE (60) through
one key: 429 \`too_many_requests\`.`,
    errors: [401, 404, 409, 429],
    handler: async (request, reply) => {
      const company = await companyOf(request);
      await assertUnderLimits(request);
      const { receipt, replayed } = await publicBookings.add(
        { company, language: request.language, t: request.t },
        request.body,
        request.headers['idempotency-key'],
      );
      if (replayed) reply.header('idempotent-replayed', 'true');
      return { message: request.t('success.created'), data: receipt };
    },
  });

  serve(publicBookingEndpoints.access, {
    summary: 'Ask for a code to manage a booking',
    description: `${CLIENT_KEY} The customer names their booking by its \`reference\` and the \`email\` it was made with. Always 202 with
the same body, whether or not they match a booking (nothing tells a guess from a match, the answer's timing included: the code
is made and mailed after the answer). When they match, a 6-digit code goes to that e-mail in the booking's language, valid 15
minutes for 5 tries; a new code ends the earlier one; at most 5 codes a booking an hour. At most
PUBLIC_ACCESS_PER_ADDRESS_PER_HOUR (30) access and verify calls an hour from one address: 429 \`too_many_requests\`.`,
    errors: [401, 429],
    handler: async (request) => {
      const company = await companyOf(request);
      await assertUnderLimits(request, [accessLimit]);
      const bookingId = await manage.match(company.id, request.body);
      if (bookingId !== null) {
        setImmediate(() => {
          manage
            .sendCode(company.id, bookingId)
            .catch((error: unknown) => request.log.error({ err: error }, 'a booking code was not queued'));
        });
      }
      return { message: request.t('publicBooking.accessRequested') };
    },
  });

  serve(publicBookingEndpoints.verify, {
    summary: 'Exchange the code for a booking token',
    description: `${CLIENT_KEY} The \`reference\` and the \`code\` from the mail give a booking token (\`booking_token\`, valid 30
minutes, \`expires_at\`): send it as the \`Booking-Token\` header beside the client key to the calls of that booking. A token is
bound to the one booking and the key's company; it is not a user's session. Every failure is the same 400
\`booking_code_invalid\`: an unknown reference, no code asked, a code ended (used, replaced, past 15 minutes or 5 wrong tries)
or a wrong code (counted).`,
    errors: [401, 429],
    handler: async (request) => {
      const company = await companyOf(request);
      await assertUnderLimits(request, [accessLimit]);
      return { message: request.t('success.fetched'), data: await manage.verify(company.id, request.body) };
    },
  });

  serve(publicBookingEndpoints.get, {
    summary: "The customer's booking",
    description: `${CLIENT_KEY} With the \`Booking-Token\` header from \`booking/verify\`: the booking it is for, as the customer sees it
(the stay on the airport's clock, the car, the price, what is paid and still owed; nothing of the office's). A token of
another company, past its end, or made up is 401 \`booking_token_invalid\`.`,
    errors: [401],
    handler: async (request) => {
      const company = await companyOf(request);
      const bookingId = await manage.bookingOf(company.id, request.headers['booking-token']);
      return { message: request.t('success.fetched'), data: await manage.view(company.id, bookingId) };
    },
  });

  serve(publicBookingEndpoints.cancel, {
    summary: 'The customer cancels their booking',
    description: `${CLIENT_KEY} With the \`Booking-Token\` header (no body): the booking is cancelled as the office cancels one (history,
audit, the voucher's use back, the space freed), and the answer states what is due back under the company's policy: all that
was paid when cancelled at least \`public_booking_refund_hours\` (company settings, default 48) before drop-off, nothing after
(\`refund_due\`, \`refund_text\` in the request's language). The office pays it back. The token ends: a second call is 401
\`booking_token_invalid\`. A car already checked in, or a booking already closed, is 400 \`booking_transition_invalid\`.`,
    errors: [401],
    handler: async (request) => {
      const company = await companyOf(request);
      const bookingId = await manage.bookingOf(company.id, request.headers['booking-token']);
      const cancellation = await manage.cancel(company, bookingId, { language: request.language, t: request.t });
      return { message: request.t('success.updated'), data: cancellation };
    },
  });

  serve(publicBookingEndpoints.update, {
    summary: 'The customer changes their booking',
    description: `${CLIENT_KEY} With the \`Booking-Token\` header: the stay's times, the flights, the car, the passengers and the
services (\`service_ids\`: the set wanted; lines kept stay as they are, a new service comes once at its price) of a booking that
is pending or confirmed (else 400 \`booking_not_changeable\`), as the office changes one (audit, trips moved, car park and voucher
rules, active records only). Times must still be ahead (400 on the field).

A change of price is made only once the customer has seen it. Without \`confirm_price\`, or with another figure, nothing is
written: the answer is 200 with \`updated: false\`, the price \`before\` and \`after\` and \`price_text\` saying so. Sent again
with \`confirm_price\` equal to \`after.total\`, it is made (\`updated: true\`); if prices moved in between, 409
\`price_changed\` and nothing is written. A change that keeps the price is made at once.`,
    errors: [401, 404, 409],
    handler: async (request) => {
      const company = await companyOf(request);
      const bookingId = await manage.bookingOf(company.id, request.headers['booking-token']);
      const change = await manage.update(company.id, bookingId, request.body, { language: request.language, t: request.t });
      return { message: request.t(change.updated ? 'success.updated' : 'success.fetched'), data: change };
    },
  });

  serve(publicBookingEndpoints.requestCar, {
    summary: '"Bring my car": the customer has landed',
    description: `${CLIENT_KEY} With the \`Booking-Token\` header: a meet-and-greet customer whose car the company has (checked in)
asks for it, within ${CAR_REQUEST_WINDOW_HOURS} hours of the booked return (a late flight included); otherwise 400
\`car_request_not_possible\`. \`bag_claim_minutes\` (0-180, default 30) is how long until they are out of baggage claim: the
car is wanted at the terminal then (\`wanted_at\`). It shows at once on the board's OUT list and on the trip in Dispatch (a live
event). Once a booking a day (the airport's): again is 409 \`car_already_requested\`, naming the time of the first.`,
    errors: [401, 409],
    handler: async (request) => {
      const company = await companyOf(request);
      const bookingId = await manage.bookingOf(company.id, request.headers['booking-token']);
      const answer = await manage.requestCar(company.id, bookingId, request.body, { language: request.language, t: request.t });
      return { message: request.t('success.created'), data: answer };
    },
  });
}
