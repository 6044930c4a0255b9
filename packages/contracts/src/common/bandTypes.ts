/**
 * What a band (and a package) prices, without zod: the web's router parses a list's `type` filter with it
 * in the sign-in bundle, where zod must not come along (as the sort field lists).
 */
export const bandTypes = ['parking', 'meet_and_greet', 'park_and_ride'] as const;
export type BandType = (typeof bandTypes)[number];

/** How a voucher discounts: a whole percent of the subtotal, or a fixed amount in minor units. */
export const discountTypes = ['percent', 'fixed'] as const;
export type DiscountType = (typeof discountTypes)[number];
