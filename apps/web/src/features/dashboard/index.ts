/** The dashboard's lazy chunk (its charts come with it, never with the sign-in page or the shell). */
import { messagesLoaded } from './messages';

// The screens render only once their messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export { DashboardPage } from './DashboardPage';
