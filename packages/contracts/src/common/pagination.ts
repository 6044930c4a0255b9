import { z } from 'zod';
import { isKnownTimeZone } from './timeZones.ts';
import { V } from './validation.ts';

/** Record ids are PostgreSQL integers: 1 to 2,147,483,647. */
/** The largest page a list call answers: a screen's reference list (every airport, every yard) reads one page of it. */
export const MAX_PAGE_SIZE = 1000;

export const MAX_RECORD_ID = 2_147_483_647;

/** A reference to a record in a body (country_id, core_airport_id...). */
export const recordIdSchema = z
  .number({ error: V.required })
  .int({ error: V.positiveInteger })
  .positive({ error: V.positiveInteger })
  .max(MAX_RECORD_ID, { error: V.invalidValue });

/** The same in a path or query string, where it arrives as text. */
export const recordIdParamSchema = z.coerce
  .number({ error: V.invalidType })
  .int({ error: V.positiveInteger })
  .positive({ error: V.positiveInteger })
  .max(MAX_RECORD_ID, { error: V.invalidValue });

/** Query parameters every request may carry (spec section 6): the browser's time zone and the stored company. */
export const requestContextQuerySchema = z.object({
  time_zone: z.string().max(64).optional(),
  company_id: recordIdParamSchema.optional(),
});

/**
 * The same context where the answer depends on the request's day (eligibility, "expired", "in force"): a
 * `time_zone` must name a real zone (an unknown one is a 400 on `time_zone`, never a silent UTC).
 */
export const zonedContextQuerySchema = requestContextQuerySchema.extend({
  time_zone: z.string().max(64).refine(isKnownTimeZone, { error: V.timeZone }).optional(),
});

/**
 * Builds the list query of a resource: paging, one sort field (a leading "-" sorts descending) from the
 * resource's own list, a free-text search, plus the request context parameters.
 */
export function listQuerySchema<const SortField extends string>(sortFields: readonly [SortField, ...SortField[]]) {
  const sortValues = sortFields.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];
  return requestContextQuerySchema.extend({
    page: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
    sort: z.enum(sortValues).optional(),
    search: z.string().trim().max(100).optional(),
  });
}

/**
 * The most rows a long list counts (issue 24): past it the list answers `total` = this cap and `total_capped: true`
 * ("10,000+"), so a 1,000,000-booking company's list does not count 400,000 rows on every page. Below it the total is exact.
 */
export const LIST_COUNT_CAP = 10_000;

export const paginationSchema = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
  /** Present and true when more rows match than `total` (the list's count stopped at `LIST_COUNT_CAP`). */
  total_capped: z.boolean().optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/** `{ message, data }`: the success envelope of every call. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ message: z.string(), data });
}

/** `{ message, data: [...], pagination }`: the success envelope of every list call. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ message: z.string(), data: z.array(item), pagination: paginationSchema });
}

/** `{ message }`: answers that carry no data (a deletion, a sign-out). */
export const messageEnvelope = z.object({ message: z.string() });

/** Path parameter `{id}` of get/update/delete calls. */
export const idParamsSchema = z.object({ id: recordIdParamSchema });

/** Record status used by airports, locations and yards: 1 active, 0 inactive (`status=1` filters active). */
export const recordStatusSchema = z.union([z.literal(0), z.literal(1)]);
export const recordStatusQuerySchema = z.enum(['0', '1']).transform(Number);
