import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const dashboardFeature = defineFeature({
  name: 'dashboard',
  load: () => import('./index'),
  screens: [{ scope: 'company', path: '/dashboard', page: 'DashboardPage', permission: 'statistics.view' }],
  nav: [{ scope: 'company', path: '/dashboard', title: 'nav.dashboard', icon: 'dashboard', group: 'today' }],
  navTitles: { en: navEn, ta: navTa },
});
