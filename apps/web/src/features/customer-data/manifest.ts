import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

/** A customer's own data (issue 23, section 4): find their bookings, export them, erase their personal details. */
export const customerDataFeature = defineFeature({
  name: 'customer-data',
  load: () => import('./index'),
  screens: [{ scope: 'company', path: '/customer-data', page: 'CustomerDataPage', permission: 'customer_data.view' }],
  nav: [{ scope: 'company', path: '/customer-data', title: 'nav.customerData', icon: 'userShield', group: 'organisation' }],
  navTitles: { en: navEn, ta: navTa },
});
