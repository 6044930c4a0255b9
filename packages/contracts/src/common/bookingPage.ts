/**
 * The id of the script block holding the hosted booking page's data (`bookingPageSchema`), which the server writes into
 * the page and the page reads. Here, apart from the schema, so the page's bundle takes it without zod.
 */
export const BOOKING_PAGE_DATA_ID = 'ps-booking-page';
