/** The driver's phone (issue 22, section 3): My day, and their days and pay. Its own lazy chunk. */
import { messagesLoaded } from './messages';
import './my-day.css';

// The screens render only once their messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export { MyDayPage } from './MyDayPage';
export { MyDaysPage } from './MyDaysPage';
