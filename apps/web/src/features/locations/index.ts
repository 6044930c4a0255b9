/** The locations feature's lazy chunk: the company's locations and the organisation's core locations. */
import { messagesLoaded } from './messages';

// The screens render only once their messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export {
  CoreLocationCreatePage,
  CoreLocationEditPage,
  CoreLocationsPage,
  LocationCreatePage,
  LocationEditPage,
  LocationsListPage,
} from './screens';
