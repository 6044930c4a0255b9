import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const locationsFeature = defineFeature({
  name: 'locations',
  load: () => import('./index'),
  screens: [
    { scope: 'org', path: '/core-locations', page: 'CoreLocationsPage', permission: 'core_locations.view' },
    { scope: 'org', path: '/core-locations/new', page: 'CoreLocationCreatePage', permission: 'core_locations.create' },
    { scope: 'org', path: '/core-locations/$locationId/edit', page: 'CoreLocationEditPage', permission: 'core_locations.update' },
    { scope: 'company', path: '/locations', page: 'LocationsListPage', permission: 'locations.view' },
    { scope: 'company', path: '/locations/new', page: 'LocationCreatePage', permission: 'locations.create' },
    { scope: 'company', path: '/locations/$locationId/edit', page: 'LocationEditPage', permission: 'locations.update' },
  ],
  nav: [
    { scope: 'company', path: '/locations', title: 'locations.title', icon: 'mapPin', group: 'places' },
    { scope: 'org', path: '/core-locations', title: 'coreLocations.title', icon: 'mapPins', group: 'places' },
  ],
  navTitles: { en: navEn, ta: navTa },
});
