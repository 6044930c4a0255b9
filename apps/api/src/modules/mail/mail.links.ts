/**
 * The address customers reach this server at (`PUBLIC_URL`), for the links in their mails: manage my booking. Mails are
 * rendered inside the transactions that make them (a booking's add, a customer's change), far from any request, so the
 * app sets it once at start (app.ts) rather than every caller passing it down.
 */
let siteUrl = 'http://localhost:3000';

export function setMailSiteUrl(url: string): void {
  siteUrl = url.replace(/\/+$/, '');
}

/** `/book/<slug>/manage` on this server: where the customer opens their booking with a code. */
export const manageBookingUrl = (bookingSlug: string) => `${siteUrl}/book/${encodeURIComponent(bookingSlug)}/manage`;

/** A map of a place (its coordinates, else its address) that opens the maps app on a phone. */
export function mapUrl(place: { latitude: number | null; longitude: number | null; address: string | null; name: string }): string {
  const query =
    place.latitude !== null && place.longitude !== null ? `${place.latitude},${place.longitude}` : (place.address ?? place.name);
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
