import { defineFeature } from '../../lib/features';
import navEn from './locales/nav.en.json' with { type: 'json' };
import navTa from './locales/nav.ta.json' with { type: 'json' };

/**
 * Where every car and key is (issue 22, section 2): the cars on site, the Scan screen that opens a booking's handover
 * from its QR code, and a booking's printable ticket and key tag (opened from the booking page).
 */
export const onSiteFeature = defineFeature({
  name: 'on-site',
  load: () => import('./index'),
  screens: [
    { scope: 'company', path: '/on-site', page: 'OnSitePage', permission: 'handovers.view' },
    { scope: 'company', path: '/scan', page: 'ScanPage', permission: 'handovers.create' },
    { scope: 'company', path: '/bookings/$bookingId/ticket', page: 'TicketPage', permission: 'bookings.view' },
  ],
  nav: [
    { scope: 'company', path: '/on-site', title: 'nav.onSite', icon: 'parking', group: 'bookings' },
    { scope: 'company', path: '/scan', title: 'nav.scan', icon: 'scan', group: 'bookings' },
  ],
  navTitles: { en: navEn, ta: navTa },
});
