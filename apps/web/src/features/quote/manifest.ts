import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const quoteFeature = defineFeature({
  name: 'quote',
  load: () => import('./index'),
  screens: [{ scope: 'company', path: '/quote', page: 'QuotePage', permission: 'location_prices.view' }],
  nav: [{ scope: 'company', path: '/quote', title: 'nav.quote', icon: 'calculator', group: 'bookings' }],
  navTitles: { en: navEn, ta: navTa },
});
