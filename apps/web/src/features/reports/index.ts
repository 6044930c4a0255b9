/** The reports' lazy chunk (its charts are a chunk of their own, loaded when a chart is first drawn). */
import { messagesLoaded } from './messages';

// The screens render only once their messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export { ReportsPage } from './ReportsPage';
