import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const driversFeature = defineFeature({
  name: 'drivers',
  load: () => import('./index'),
  screens: [
    { scope: 'company', path: '/drivers', page: 'DriversListPage', permission: 'drivers.view' },
    { scope: 'company', path: '/drivers/new', page: 'DriverAddPage', permission: 'drivers.create' },
    { scope: 'company', path: '/drivers/$driverId', page: 'DriverPage', permission: 'drivers.view' },
  ],
  nav: [{ scope: 'company', path: '/drivers', title: 'nav.drivers', icon: 'steeringWheel', group: 'ground' }],
  navTitles: { en: navEn, ta: navTa },
});
