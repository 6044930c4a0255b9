import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

/**
 * Payouts: the payroll screen (a month across every driver, issue 21 section 9). A driver's own payouts are a
 * section of the driver's page, which imports this feature's index (features/drivers/DriverPage.tsx).
 */
export const payoutsFeature = defineFeature({
  name: 'payouts',
  load: () => import('./index'),
  screens: [{ scope: 'company', path: '/payroll', page: 'PayrollPage', permission: 'payouts.view', finance: true }],
  nav: [{ scope: 'company', path: '/payroll', title: 'nav.payroll', icon: 'reportMoney', group: 'ground' }],
  navTitles: { en: navEn, ta: navTa },
});
