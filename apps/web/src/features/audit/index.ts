/** The Audit screen's lazy chunk. */
import { messagesLoaded } from './messages';

// The screen renders only once its messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export { AuditPage } from './AuditPage';
