import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const companiesFeature = defineFeature({
  name: 'companies',
  load: () => import('./index'),
  screens: [
    { scope: 'org', path: '/companies', page: 'CompaniesListPage', permission: 'companies.view' },
    { scope: 'org', path: '/companies/new', page: 'CompanyCreatePage', permission: 'companies.create' },
    { scope: 'org', path: '/companies/$companyId/edit', page: 'CompanyEditPage', permission: 'companies.update' },
  ],
  nav: [{ scope: 'org', path: '/companies', title: 'nav.companies', icon: 'building', group: 'organisation' }],
  navTitles: { en: navEn, ta: navTa },
});
