/** Attendance: a section of the driver's page (features/drivers/DriverPage.tsx), in the drivers chunk. */
import { messagesLoaded } from './messages';

// The section renders only once its messages are in (a top-level await holds the importing module).
await messagesLoaded;

export { AttendanceSection } from './AttendanceSection';
