import { z } from 'zod';
import { notOnlyBlank, V } from './validation.ts';

/** A record's name: required, not only blank space, trimmed, 3 to 100 characters (spec 5). */
export const recordName = () =>
  z
    .string({ error: V.required })
    .min(1, { error: V.required, abort: true })
    .refine(notOnlyBlank, { error: V.notBlank, abort: true })
    .transform((value) => value.trim())
    .pipe(z.string().min(3, { error: V.min3 }).max(100, { error: V.max100 }));

/**
 * A short label painted on the ground or a hook (a bay "A1", a key hook "K7"): required, trimmed, 1 to 40 characters.
 * Spec 5's three-character minimum is for records' names; a bay's is often two.
 */
export const shortLabel = () =>
  z
    .string({ error: V.required })
    .min(1, { error: V.required, abort: true })
    .refine(notOnlyBlank, { error: V.notBlank, abort: true })
    .transform((value) => value.trim())
    .pipe(z.string().max(40, { error: V.tooLong }));

/** Optional free text (an address, a description): trimmed, empty becomes null, at most `max` characters. */
export const optionalText = (max: number) =>
  z
    .string({ error: V.invalidType })
    .max(max, { error: V.tooLong })
    .transform((value) => (value.trim() === '' ? null : value.trim()))
    .nullable();

/** A non-negative whole number up to `max` (capacity, days, minor units...). */
export const wholeNumber = (max: number) =>
  z.number({ error: V.required }).int({ error: V.positiveInteger }).min(0, { error: V.positiveInteger }).max(max, { error: V.tooLong });

/** Prices are integer minor units (pence, cents), 0 to 100,000,000 (a million pounds is far beyond any stay). */
export const MAX_PRICE = 100_000_000;
export const priceSchema = wholeNumber(MAX_PRICE);
