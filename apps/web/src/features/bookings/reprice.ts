import type { BookingReprice } from '@ps/contracts';

/** The re-price dialog's words: it says the price changes only when the total does. */
export interface RepriceWording {
  title: string;
  body: string;
  confirm: string;
}

export function repriceWording(prices: BookingReprice): RepriceWording {
  // A role without finance.view gets the figures as null: it is told the price is worked out again, not what it is.
  if (prices.before.total === null || prices.after.total === null)
    return { title: 'bookings.reprice.hiddenTitle', body: 'bookings.reprice.hiddenBody', confirm: 'bookings.reprice.sameConfirm' };
  // The lines may move (a package for a base price) while the total stays: the total is what the customer pays.
  return prices.before.total === prices.after.total
    ? { title: 'bookings.reprice.sameTitle', body: 'bookings.reprice.sameBody', confirm: 'bookings.reprice.sameConfirm' }
    : { title: 'bookings.reprice.title', body: 'bookings.reprice.body', confirm: 'bookings.reprice.confirm' };
}
