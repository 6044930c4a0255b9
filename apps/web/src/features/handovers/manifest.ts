import { defineFeature } from '../../lib/features';

/**
 * Handovers (issue 22, section 1): the screen that checks a car in or out as a record. It has no navigation entry: it
 * is opened from a booking (its page, the dashboard's boards, a scanned ticket, the cars on site), always at this path.
 */
export const handoversFeature = defineFeature({
  name: 'handovers',
  load: () => import('./index'),
  screens: [{ scope: 'company', path: '/bookings/$bookingId/handover', page: 'HandoverPage', permission: 'handovers.create' }],
});
