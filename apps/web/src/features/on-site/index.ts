/** The on-site feature's lazy chunk: the cars on site, the Scan screen, a booking's ticket and key tag. */
import { messagesLoaded } from './messages';

// The screens render only once their messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export { OnSitePage } from './OnSitePage';
export { ScanPage } from './ScanPage';
export { TicketPage } from './TicketPage';
