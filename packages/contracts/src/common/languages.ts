/** The languages of every screen and message (spec section 9): English by default, and Tamil. */
export const languages = ['en', 'ta'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
