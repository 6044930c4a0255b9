import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const auditFeature = defineFeature({
  name: 'audit',
  load: () => import('./index'),
  screens: [{ scope: 'company', path: '/audit', page: 'AuditPage', permission: 'audit.view' }],
  nav: [{ scope: 'company', path: '/audit', title: 'nav.audit', icon: 'history', group: 'organisation' }],
  navTitles: { en: navEn, ta: navTa },
});
