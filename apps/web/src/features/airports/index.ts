/** The airports feature's lazy chunk: every screen of it, loaded when one of them is first opened. */
import { messagesLoaded } from './messages';

// The screens render only once their messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export {
  AirportCreatePage,
  AirportEditPage,
  AirportsListPage,
  CoreAirportCreatePage,
  CoreAirportEditPage,
  CoreAirportsPage,
} from './screens';
