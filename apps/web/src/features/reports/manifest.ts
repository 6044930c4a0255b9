import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

/** Reports a manager reads, their downloads, and who receives them by mail (issue 24, section 3). */
export const reportsFeature = defineFeature({
  name: 'reports',
  load: () => import('./index'),
  screens: [{ scope: 'company', path: '/reports', page: 'ReportsPage', permission: 'reports.view', finance: true }],
  nav: [{ scope: 'company', path: '/reports', title: 'nav.reports', icon: 'reportMoney', group: 'organisation' }],
  navTitles: { en: navEn, ta: navTa },
});
