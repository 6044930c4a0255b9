import { z } from 'zod';
import { bandTypes } from './bands.ts';
import { calendarDateSchema } from './common/dates.ts';
import { endpoint } from './common/endpoint.ts';
import { recordIdParamSchema, recordIdSchema, requestContextQuerySchema } from './common/pagination.ts';
import { V } from './common/validation.ts';
import { priceRuleKinds } from './priceRules.ts';

/**
 * The quote: `GET /api/location-price/admin/list` (spec 7's price search). It answers the route's location
 * price rows and the price of one stay, with every step that made the price, as data and as a sentence in
 * the caller's language (issue 6, section 2). Money is integer minor units of the company's currency.
 */

// Dates are days at the airport: no time zone.
const calendarDate = calendarDateSchema(V.invalidValue);

/** `service_ids=3,7,9`: distinct record ids, comma separated (empty = none). */
const serviceIdsSchema = z
  .string()
  .max(1000, { error: V.tooLong })
  .refine((value) => value.trim() === '' || value.split(',').every((part) => /^\s*\d{1,10}\s*$/.test(part)), {
    error: V.invalidValue,
  })
  .transform((value) =>
    value.trim() === '' ? [] : [...new Set(value.split(',').map((part) => Number(part.trim())))].filter((id) => id > 0),
  )
  .pipe(z.array(recordIdSchema).max(50, { error: V.tooLong }));

/** The price search's query (spec 3: departure_id, arrival_id, departure_date, arrival_date, airport_id, company). */
export const quoteQuerySchema = requestContextQuerySchema.extend({
  airport_id: recordIdParamSchema,
  departure_id: recordIdParamSchema,
  arrival_id: recordIdParamSchema,
  departure_date: calendarDate,
  arrival_date: calendarDate,
  package_id: recordIdParamSchema.optional(),
  service_ids: serviceIdsSchema.optional(),
  voucher_code: z.string().trim().min(1, { error: V.required }).max(50, { error: V.max50 }).optional(),
  /** The band type used when there is no package (a package's own type wins); parking by default. */
  type: z.enum(bandTypes, { error: V.invalidValue }).optional(),
});
export type QuoteQuery = z.output<typeof quoteQuerySchema>;
/** The query as a client builds it (service ids comma separated). */
export type QuoteQueryInput = z.input<typeof quoteQuerySchema>;

/** Where the base price came from, in the order they are tried. */
export const quotePriceSources = ['route_month', 'route_all_months', 'band_month'] as const;
export type QuotePriceSource = (typeof quotePriceSources)[number];

/** The steps of an explanation, in the order they are given. */
export const quoteSteps = [
  'days',
  'band',
  'month',
  'base_price',
  /** One per price rule that changed the base price (issue 24), in the rules' order. */
  'rule',
  /** The band's floor or ceiling held the price the rules made. */
  'price_limit',
  'package',
  'services',
  'voucher',
  'total',
] as const;
export type QuoteStep = (typeof quoteSteps)[number];

export const quoteDiscountTypes = ['percent', 'fixed'] as const;

/** A location price row of the route, with its band's name and type. */
export const quotePriceRowSchema = z.object({
  id: z.number().int(),
  airport_id: z.number().int(),
  departure_id: z.number().int(),
  arrival_id: z.number().int(),
  band_id: z.number().int(),
  band_name: z.string(),
  band_type: z.enum(bandTypes),
  /** 1-12, or null: every month. */
  month: z.number().int().nullable(),
  price: z.number().int(),
});
export type QuotePriceRow = z.infer<typeof quotePriceRowSchema>;

const serviceLineSchema = z.object({ id: z.number().int(), name: z.string(), price: z.number().int() });
export type QuoteServiceLine = z.infer<typeof serviceLineSchema>;

/**
 * What a step is about, as data: each step fills the keys it needs (ids, names, values), so a client can
 * show the step its own way. `days`: departure_date, arrival_date, days. `band`: band_*, min_days, max_days,
 * days, reason (`package`: the package's type chose the bands; `parking`: no package; `type`: no package, the
 * requested `type` chose them). `month`:
 * departure_date, month. `base_price`: source, location_price_id or band_month_id, band_id, month, price.
 * `package`: package_* and price (package_id null: none). `services`: services, price. `voucher`: voucher_*,
 * discount_type, discount_value, subtotal, discount, capped (voucher_id null: none). `total`: base_price,
 * package_price, services_price, subtotal, discount, total.
 */
export const quoteStepDataSchema = z.object({
  departure_date: z.string().optional(),
  arrival_date: z.string().optional(),
  days: z.number().int().optional(),
  band_id: z.number().int().optional(),
  band_name: z.string().optional(),
  band_type: z.enum(bandTypes).optional(),
  min_days: z.number().int().optional(),
  max_days: z.number().int().optional(),
  reason: z.enum(['package', 'parking', 'type']).optional(),
  month: z.number().int().nullable().optional(),
  source: z.enum(quotePriceSources).optional(),
  location_price_id: z.number().int().nullable().optional(),
  band_month_id: z.number().int().nullable().optional(),
  package_id: z.number().int().nullable().optional(),
  package_name: z.string().optional(),
  package_type: z.enum(bandTypes).optional(),
  services: z.array(serviceLineSchema).optional(),
  voucher_id: z.number().int().nullable().optional(),
  voucher_code: z.string().optional(),
  discount_type: z.enum(quoteDiscountTypes).optional(),
  discount_value: z.number().int().optional(),
  capped: z.boolean().optional(),
  price: z.number().int().optional(),
  base_price: z.number().int().optional(),
  package_price: z.number().int().optional(),
  services_price: z.number().int().optional(),
  subtotal: z.number().int().optional(),
  discount: z.number().int().optional(),
  total: z.number().int().optional(),
  /** `rule`: the rule, its kind, the percent applied, the price before and after (`price`), and what it read. */
  rule_id: z.number().int().optional(),
  rule_name: z.string().optional(),
  rule_kind: z.enum(priceRuleKinds).optional(),
  percent: z.number().int().optional(),
  before: z.number().int().optional(),
  days_ahead: z.number().int().optional(),
  hours_ahead: z.number().int().optional(),
  occupancy_percent: z.number().int().optional(),
  occupancy_day: z.string().optional(),
  car_park_id: z.number().int().optional(),
  above: z.number().int().optional(),
  /** `price_limit`: which limit held the price (`before` the rules' price, `price` the limit). */
  limit: z.enum(['floor', 'ceiling']).optional(),
});
export type QuoteStepData = z.infer<typeof quoteStepDataSchema>;

/** One step that made the price: what it is, its data, and a sentence in the caller's language. */
export const quoteExplanationStepSchema = z.object({
  step: z.enum(quoteSteps),
  data: quoteStepDataSchema,
  text: z.string(),
});
export type QuoteExplanationStep = z.infer<typeof quoteExplanationStepSchema>;

/** The price of one stay on one route. */
export const quoteSchema = z.object({
  /** Calendar days from departure to arrival, both counted (Mon to Wed = 3). */
  days: z.number().int(),
  /** The active band of the package's type (`parking` without a package) whose min_days..max_days holds `days`. */
  band: z.object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(bandTypes),
    min_days: z.number().int(),
    max_days: z.number().int(),
  }),
  /** Month (1-12) of the departure date: it decides the price even when the stay runs into the next month. */
  month: z.number().int(),
  /** The price grid's price of the stay, before the price rules. */
  grid_price: z.number().int(),
  /** The base price the stay is sold at: the grid's price after the price rules and the band's floor and ceiling. */
  base_price: z.number().int(),
  /** `route_month`, else `route_all_months` (the route's price with month null), else `band_month` (the default). */
  base_price_source: z.enum(quotePriceSources),
  /** The location price row used (route_*), or null. */
  location_price_id: z.number().int().nullable(),
  /** The band-month default used (band_month), or null. */
  band_month_id: z.number().int().nullable(),
  package: z.object({ id: z.number().int(), name: z.string(), type: z.enum(bandTypes), price: z.number().int() }).nullable(),
  package_price: z.number().int(),
  services: z.array(serviceLineSchema),
  services_price: z.number().int(),
  voucher: z
    .object({ id: z.number().int(), code: z.string(), discount_type: z.enum(quoteDiscountTypes), discount_value: z.number().int() })
    .nullable(),
  /** base + package + services. */
  subtotal: z.number().int(),
  /** The voucher's discount: percent rounded half up to the minor unit, never more than the subtotal. */
  discount: z.number().int(),
  total: z.number().int(),
  /** ISO 4217 code of the company's currency. */
  currency: z.string(),
  explanation: z.array(quoteExplanationStepSchema),
});
export type Quote = z.infer<typeof quoteSchema>;

/** `data` of the price search's answer: the route's price rows and the quote. */
export const quoteResultSchema = z.object({
  prices: z.array(quotePriceRowSchema),
  quote: quoteSchema,
});
export type QuoteResult = z.infer<typeof quoteResultSchema>;

/** The price search: spec 7's `location-price/admin/list`. */
export const quoteEndpoints = {
  quote: endpoint({
    method: 'GET',
    path: '/api/location-price/admin/list',
    access: { permission: 'location_prices.view' },
    query: quoteQuerySchema,
    response: quoteResultSchema,
  }),
} as const;
