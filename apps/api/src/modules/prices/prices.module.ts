import type { ApiModule } from '../../kit/modules.ts';
import { registerPriceRoutes } from './prices.routes.ts';

export const pricesModule: ApiModule = {
  name: 'prices',
  tags: [
    { name: 'band months', description: "A company's default price of each band in each month, and their grid" },
    { name: 'location prices', description: "A route's own prices, the price grid of a route, and copying a season" },
  ],
  errors: ['band_month_taken', 'location_price_taken', 'location_price_copy_conflict', 'restore_no_change'],
  auditEntities: ['band_month', 'location_price'],
  register: registerPriceRoutes,
};
