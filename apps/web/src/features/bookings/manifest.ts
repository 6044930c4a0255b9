import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

export const bookingsFeature = defineFeature({
  name: 'bookings',
  load: () => import('./index'),
  screens: [
    { scope: 'company', path: '/bookings', page: 'BookingsListPage', permission: 'bookings.view' },
    { scope: 'company', path: '/bookings/new', page: 'BookingCreatePage', permission: 'bookings.create' },
    { scope: 'company', path: '/bookings/$bookingId', page: 'BookingPage', permission: 'bookings.view' },
    { scope: 'company', path: '/bookings/$bookingId/edit', page: 'BookingEditPage', permission: 'bookings.update' },
    { scope: 'company', path: '/park-ride', page: 'ParkRideListPage', permission: 'bookings.view' },
    { scope: 'company', path: '/park-ride/new', page: 'ParkRideCreatePage', permission: 'bookings.create' },
  ],
  nav: [
    { scope: 'company', path: '/bookings', title: 'nav.bookings', icon: 'car', group: 'bookings' },
    { scope: 'company', path: '/park-ride', title: 'nav.parkRide', icon: 'bus', group: 'bookings' },
  ],
  navTitles: { en: navEn, ta: navTa },
});
