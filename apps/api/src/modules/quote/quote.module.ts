import type { ApiModule } from '../../kit/modules.ts';
import { registerQuoteRoutes } from './quote.routes.ts';

export const quoteModule: ApiModule = {
  name: 'quote',
  tags: [{ name: 'quote', description: "The price search: a route's prices and the quote of a stay, with the steps that made it" }],
  errors: [
    'voucher_unknown',
    'voucher_not_valid',
    'voucher_used_up',
    'voucher_inactive',
    'quote_dates_reversed',
    'quote_no_band',
    'quote_no_price',
    'quote_min_stay',
    'quote_blackout',
  ],
  register: registerQuoteRoutes,
};
