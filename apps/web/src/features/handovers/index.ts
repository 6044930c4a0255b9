/**
 * Handovers: the handover screen (its own route and chunk) and the booking page's Handovers section, which the bookings
 * feature shows through this index (features/bookings/BookingPage.tsx). Its messages load with it, before either renders.
 */
import { messagesLoaded } from './messages';
import './handovers.css';

// The screens render only once their messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export { HandoverPage } from './HandoverPage';
export { HandoverButton, HandoversSection } from './HandoversSection';
