import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const airportsFeature = defineFeature({
  name: 'airports',
  load: () => import('./index'),
  screens: [
    { scope: 'org', path: '/core-airports', page: 'CoreAirportsPage', permission: 'core_airports.view' },
    { scope: 'org', path: '/core-airports/new', page: 'CoreAirportCreatePage', permission: 'core_airports.create' },
    { scope: 'org', path: '/core-airports/$airportId/edit', page: 'CoreAirportEditPage', permission: 'core_airports.update' },
    { scope: 'company', path: '/airports', page: 'AirportsListPage', permission: 'airports.view' },
    { scope: 'company', path: '/airports/new', page: 'AirportCreatePage', permission: 'airports.create' },
    { scope: 'company', path: '/airports/$airportId/edit', page: 'AirportEditPage', permission: 'airports.update' },
  ],
  nav: [
    { scope: 'company', path: '/airports', title: 'nav.airports', icon: 'plane', group: 'places' },
    { scope: 'org', path: '/core-airports', title: 'nav.coreAirports', icon: 'plane', group: 'places' },
  ],
  navTitles: { en: navEn, ta: navTa },
});
