import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const countriesFeature = defineFeature({
  name: 'countries',
  load: () => import('./index'),
  screens: [
    { scope: 'org', path: '/countries', page: 'OrgCountriesPage', permission: 'countries.view' },
    { scope: 'company', path: '/countries', page: 'CompanyCountriesPage', permission: 'airports.view' },
  ],
  nav: [
    { scope: 'company', path: '/countries', title: 'countries.title', icon: 'world', group: 'places' },
    { scope: 'org', path: '/countries', title: 'countries.title', icon: 'world', group: 'places' },
  ],
  navTitles: { en: navEn, ta: navTa },
});
