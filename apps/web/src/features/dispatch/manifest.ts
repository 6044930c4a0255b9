import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const dispatchFeature = defineFeature({
  name: 'dispatch',
  load: () => import('./index'),
  screens: [
    { scope: 'company', path: '/dispatch', page: 'DispatchPage', permission: 'trips.view' },
    { scope: 'company', path: '/partner-trips', page: 'PartnerTripsPage', permission: 'partner_trips.view' },
  ],
  nav: [
    { scope: 'company', path: '/dispatch', title: 'nav.dispatch', icon: 'route', group: 'ground' },
    { scope: 'company', path: '/partner-trips', title: 'nav.partnerTrips', icon: 'buildingCommunity', group: 'ground' },
  ],
  navTitles: { en: navEn, ta: navTa },
});
