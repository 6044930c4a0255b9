/** The customer data feature's lazy chunk: find a customer's bookings, export them, erase their personal details. */
import { messagesLoaded } from './messages';

// The screen renders only once its messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export { CustomerDataPage } from './CustomerDataPage';
