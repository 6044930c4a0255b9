import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const pricesFeature = defineFeature({
  name: 'prices',
  load: () => import('./index'),
  screens: [
    { scope: 'company', path: '/prices', page: 'PriceGridPage', permission: 'location_prices.view' },
    { scope: 'company', path: '/location-prices', page: 'LocationPricesListPage', permission: 'location_prices.view' },
    { scope: 'company', path: '/location-prices/new', page: 'LocationPriceCreatePage', permission: 'location_prices.create' },
    { scope: 'company', path: '/location-prices/$priceId/edit', page: 'LocationPriceEditPage', permission: 'location_prices.update' },
  ],
  nav: [
    { scope: 'company', path: '/prices', title: 'nav.priceGrid', icon: 'calendarDollar', group: 'prices' },
    { scope: 'company', path: '/location-prices', title: 'nav.locationPrices', icon: 'table', group: 'prices' },
  ],
  navTitles: { en: navEn, ta: navTa },
});
