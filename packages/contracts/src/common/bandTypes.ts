/**
 * What a band (and a package) prices, without zod (as the sort field lists): the web's lists parse their
 * `type` filter from the URL with it.
 */
export const bandTypes = ['parking', 'meet_and_greet', 'park_and_ride'] as const;
export type BandType = (typeof bandTypes)[number];

/** How a voucher discounts: a whole percent of the subtotal, or a fixed amount in minor units. */
export const discountTypes = ['percent', 'fixed'] as const;
export type DiscountType = (typeof discountTypes)[number];
