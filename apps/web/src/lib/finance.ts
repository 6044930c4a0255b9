import { type AnyEndpoint, type Booking, type BookingPrice, FINANCE_PERMISSION, mayCall } from '@ps/contracts';
import { useCan } from './currentUser';

/**
 * Money on the screens (issue 22, sections 4 and 5; contracts common/finance.ts). A role without `finance.view` gets a
 * booking's figures as null and is refused the money endpoints: the screens leave out what it cannot see and never
 * make a call it cannot make, so it meets neither an empty price table nor a permission error.
 */

/** Whether the signed-in user may make a call: its permission, and `finance.view` for a money endpoint (contracts `mayCall`). */
export function useCanCall(): (endpoint: Pick<AnyEndpoint, 'access'>) => boolean {
  const can = useCan();
  return (endpoint) => mayCall(endpoint.access, can);
}

const bookingFigureKeys = ['base_price', 'package_price', 'services_price', 'discount', 'total', 'paid', 'outstanding', 'credit'] as const;

/** A booking's money figures, or null when the API held them back. */
export type BookingMoney = { [Key in (typeof bookingFigureKeys)[number]]: number };

export function bookingMoney(booking: Pick<Booking, (typeof bookingFigureKeys)[number]>): BookingMoney | null {
  const money: Partial<BookingMoney> = {};
  for (const key of bookingFigureKeys) {
    const value = booking[key];
    if (value === null) return null;
    money[key] = value;
  }
  return money as BookingMoney;
}

/** A price (a re-price's before or after), or null when the API held it back. */
export function priceFigures(price: { [Key in keyof BookingPrice]: number | null }): BookingPrice | null {
  const { base_price, package_price, services_price, discount, total } = price;
  if (base_price === null || package_price === null || services_price === null || discount === null || total === null) return null;
  return { base_price, package_price, services_price, discount, total };
}

/** Whether the signed-in user's role may see money figures (revenue, a booking's total, drivers' pay). */
export function useSeesMoney(): boolean {
  return useCan()(FINANCE_PERMISSION);
}
