import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const agenciesFeature = defineFeature({
  name: 'agencies',
  load: () => import('./index'),
  screens: [
    { scope: 'org', path: '/core-agencies', page: 'CoreAgenciesPage', permission: 'core_agencies.view' },
    { scope: 'org', path: '/core-agencies/new', page: 'CoreAgencyCreatePage', permission: 'core_agencies.create' },
    { scope: 'org', path: '/core-agencies/$agencyId/edit', page: 'CoreAgencyEditPage', permission: 'core_agencies.update' },
    { scope: 'company', path: '/agencies', page: 'AgenciesListPage', permission: 'agencies.view' },
    { scope: 'company', path: '/agencies/new', page: 'AgencyCreatePage', permission: 'agencies.create' },
    { scope: 'company', path: '/agencies/$agencyId/edit', page: 'AgencyEditPage', permission: 'agencies.update' },
    { scope: 'company', path: '/agencies/$agencyId/statement', page: 'AgencyStatementPage', permission: 'agencies.view', finance: true },
  ],
  nav: [
    { scope: 'company', path: '/agencies', title: 'agencies.title', icon: 'briefcase', group: 'bookings' },
    { scope: 'org', path: '/core-agencies', title: 'coreAgencies.title', icon: 'briefcase', group: 'bookings' },
  ],
  navTitles: { en: navEn, ta: navTa },
});
