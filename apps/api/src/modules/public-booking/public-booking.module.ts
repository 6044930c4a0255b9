import type { ApiModule } from '../../kit/modules.ts';
import { registerBookingPage } from './public-booking.page.ts';
import { registerPublicBookingRoutes } from './public-booking.routes.ts';

export const publicBookingModule: ApiModule = {
  name: 'public-booking',
  auditEntities: ['car_request'],
  tags: [
    {
      name: 'public-booking',
      description:
        "The public booking API: what a company's own web site calls with its client key (no user): airports, packages, services, quotes and bookings",
    },
  ],
  errors: [
    'public_booking_off',
    'public_form_rejected',
    'public_form_too_fast',
    'public_form_expired',
    'booking_code_invalid',
    'booking_token_invalid',
    'idempotency_key_reused',
    'car_park_full',
    'slot_full',
    'voucher_used_up',
    'booking_transition_invalid',
    'booking_not_changeable',
    'price_changed',
    'car_request_not_possible',
    'car_already_requested',
    'origin_not_allowed',
  ],
  register(app, deps) {
    registerPublicBookingRoutes(app, deps);
    // The hosted booking page at /book/<slug>: HTML, not an /api route (public-booking.page.ts).
    registerBookingPage(app, deps);
  },
};
