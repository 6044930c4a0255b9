import { createHash } from 'node:crypto';
import { publicBookingEndpoints } from '@ps/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpointServer, listAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { AppError } from '../../lib/errors.ts';
import { createQuoteService } from '../quote/quote.service.ts';
import { clientKeyCompany } from '../web-config/web-config.service.ts';
import { listPublicAirports } from './public-booking.repository.ts';
import { createPublicBookingService, openForBookings } from './public-booking.service.ts';

const CLIENT_KEY = `No user token: authorised with \`Authorization: Basic\` of \`company_id:client_key\` (the company's sign-in page's
\`ps-client-key\`); a wrong or missing key, or an inactive company, is 401 \`client_key_invalid\`, and a company that has switched
its public booking off is 401 \`public_booking_off\` (both at once, in every server process).`;

/** The public booking API (issue 23, section 1): what a company's own web site calls with its client key. */
export function registerPublicBookingRoutes(app: FastifyInstance, { db, config }: ModuleDeps): void {
  const serve = endpointServer(app, 'public-booking');
  const quotes = createQuoteService(db);
  const publicBookings = createPublicBookingService(db);
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
  async function assertUnderLimits(request: FastifyRequest): Promise<void> {
    for (const limit of limits) {
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
\`car_park_full\`) and voucher rules (used up: 400 \`voucher_used_up\`) as a booking the office takes. The company's setting decides
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
}
