import { BOOKING_PAGE_DATA_ID } from '@ps/contracts/common/bookingPage';
import type { BookingPage } from '@ps/contracts/publicBooking';

/** The company this page books for, as the server wrote it into the page; null when it is missing (opened off the server). */
export function readBookingPage(): BookingPage | null {
  const element = document.getElementById(BOOKING_PAGE_DATA_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as BookingPage;
  } catch {
    return null;
  }
}

/** `/book/<slug>` books; `/book/<slug>/manage` looks after a booking. */
export type PageView = 'book' | 'manage';
export const viewOf = (path: string): PageView => (/\/manage\/?$/.test(path) ? 'manage' : 'book');
export const pagePath = (page: BookingPage, view: PageView) => `/book/${page.slug}${view === 'manage' ? '/manage' : ''}`;
