import { quoteEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { callerCompanyId } from '../../plugins/auth.ts';
import { createQuoteService } from './quote.service.ts';

const description = `The price search (spec 7): the location price rows of the route (\`airport_id\`, \`departure_id\` ->
\`arrival_id\`, every band and month, with the band's name and type) in \`data.prices\`, and the price of the stay in
\`data.quote\`:
- \`days\`: calendar days from \`departure_date\` to \`arrival_date\` (YYYY-MM-DD, days at the airport), both counted;
- \`band\`: the active band of the package's type (\`parking\` without \`package_id\`) whose min_days..max_days holds \`days\`;
- \`month\`: of the departure date (it decides even when the stay runs into the next month);
- \`base_price\` with \`base_price_source\`: \`route_month\` (the route's price for the band and month), else
  \`route_all_months\` (the route's price for the band with month null), else \`band_month\` (the band-month default);
  \`location_price_id\` / \`band_month_id\` name the row used;
- \`package_price\` (\`package_id\`, active), \`services\` and \`services_price\` (\`service_ids\`, comma separated, active);
- \`discount\` (\`voucher_code\`, any case: active, valid on the departure date, under its usage limit; a percent
  rounds half up to the minor unit; never more than \`subtotal\`), \`subtotal\`, \`total\`, \`currency\` (the company's);
- \`explanation\`: the steps \`days\`, \`band\`, \`month\`, \`base_price\`, \`package\`, \`services\`, \`voucher\`, \`total\`,
  each with its \`data\` (ids, names, values) and a \`text\` in the caller's language (Accept-Language: en, ta).

Errors: 400 \`quote_dates_reversed\` on \`arrival_date\`; 400 on \`airport_id\`, \`departure_id\` (or \`arrival_id\`) when it
is not a location of that airport in your company, \`package_id\` and \`service_ids\` when unknown or inactive;
404 \`voucher_unknown\`, 400 \`voucher_inactive\`, \`voucher_not_valid\`, \`voucher_used_up\` (on \`voucher_code\`);
404 \`quote_no_band\` (naming the days and type) and \`quote_no_price\` (naming the band and month).`;

/** `GET /api/location-price/admin/list`: the quote (issue 6, section 2). */
export function registerQuoteRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createQuoteService(db);
  const serve = endpointServer(app, 'quote');
  serve(quoteEndpoints.quote, {
    summary: 'Price search: the route’s prices and the quote of a stay, explained',
    description,
    errors: [404],
    handler: async (request) => {
      const data = await service.quote({ companyId: callerCompanyId(request), language: request.language, t: request.t }, request.query);
      return { message: request.t('success.fetched'), data };
    },
  });
}
