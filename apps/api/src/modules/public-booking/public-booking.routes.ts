import { publicBookingEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer, listAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { createQuoteService } from '../quote/quote.service.ts';
import { companyFromBasicHeader } from '../web-config/web-config.service.ts';
import { listPublicAirports } from './public-booking.repository.ts';

const CLIENT_KEY = `No user token: authorised with \`Authorization: Basic\` of \`company_id:client_key\` (the company's sign-in page's
\`ps-client-key\`); a wrong or missing key, or an inactive company, is 401 \`client_key_invalid\`.`;

/** The public booking API (issue 23, section 1): what a company's own web site calls with its client key. */
export function registerPublicBookingRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const serve = endpointServer(app, 'public-booking');
  const quotes = createQuoteService(db);

  serve(publicBookingEndpoints.airports, {
    summary: "The company's airports a customer can book at",
    description: `${CLIENT_KEY} Only the company's active airports, with the fields a site shows: code, name, country (ISO 3166) and
time zone. Paging (a site asks with \`page_size=1000\`), sort (\`iata_code\`, \`name\`), search by code or name.`,
    errors: [401],
    handler: async (request) => {
      const companyId = await companyFromBasicHeader(db, request.headers.authorization);
      const { rows, total } = await listPublicAirports(db, companyId, request.query);
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
      const companyId = await companyFromBasicHeader(db, request.headers.authorization);
      const { quote } = await quotes.quote({ companyId, language: request.language, t: request.t }, request.query, { activeOnly: true });
      return { message: request.t('success.fetched'), data: { quote } };
    },
  });
}
