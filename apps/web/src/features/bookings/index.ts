/** The bookings feature's lazy chunk: the list, the booking page and the new / edit form. */
import { messagesLoaded } from './messages';

// The screens render only once their messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export { BookingEditPage } from './BookingEditPage';
export { BookingCreatePage, ParkRideCreatePage } from './BookingFormPage';
export { BookingPage } from './BookingPage';
export { BookingsListPage, ParkRideListPage } from './BookingsListPage';
