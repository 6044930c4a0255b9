import { z } from 'zod';
import { bandTypes } from './bands.ts';
import { crudEndpoints, endpoint } from './common/endpoint.ts';
import { priceSchema } from './common/names.ts';
import { idParamsSchema, listQuerySchema, recordIdParamSchema, recordIdSchema } from './common/pagination.ts';
import { bandMonthSortFields, locationPriceSortFields } from './common/sortFields.ts';
import { V } from './common/validation.ts';
import {
  priceListPreviewQuerySchema,
  priceListRestoreBodySchema,
  priceListRestorePreviewSchema,
  priceListRestoreResultSchema,
  priceListRouteQuerySchema,
  priceListVersionSchema,
} from './versions.ts';

export { bandMonthSortFields, locationPriceSortFields };

/** A month 1-12 (January = 1). */
export const monthNumberSchema = z
  .number({ error: V.required })
  .int({ error: V.invalidValue })
  .min(1, { error: V.invalidValue })
  .max(12, { error: V.invalidValue });

/** A month in a query string: `1`..`12`. */
const monthParamSchema = z.coerce.number({ error: V.invalidValue }).int({ error: V.invalidValue }).min(1).max(12);

const bandTypeSchema = z.enum(bandTypes, { error: V.invalidValue });

// ---- band-months: the company's default price of a band in a month ------------------------------------

/** A band-month default, with its band's name, type and days for display. */
export const bandMonthSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  band_id: z.number().int(),
  band_name: z.string(),
  band_type: z.enum(bandTypes),
  band_min_days: z.number().int(),
  band_max_days: z.number().int(),
  month: z.number().int(),
  price: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BandMonth = z.infer<typeof bandMonthSchema>;

/** POST /api/band-month/add body; also the form's schema. */
export const bandMonthCreateSchema = z.strictObject({
  band_id: recordIdSchema,
  month: monthNumberSchema,
  price: priceSchema,
});
export type BandMonthCreateInput = z.input<typeof bandMonthCreateSchema>;
export type BandMonthCreate = z.output<typeof bandMonthCreateSchema>;

/** PATCH /api/band-month/update/{id}: any subset. */
export const bandMonthUpdateSchema = z
  .strictObject({
    band_id: recordIdSchema.optional(),
    month: monthNumberSchema.optional(),
    price: priceSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: V.required });
export type BandMonthUpdate = z.output<typeof bandMonthUpdateSchema>;

/** GET /api/band-month/list: paging, sort, search by band name, filters by band, month and band type. */
export const bandMonthListQuerySchema = listQuerySchema(bandMonthSortFields).extend({
  band_id: recordIdParamSchema.optional(),
  month: monthParamSchema.optional(),
  type: bandTypeSchema.optional(),
});
export type BandMonthListQuery = z.output<typeof bandMonthListQuerySchema>;

// ---- location prices: a route's own price ----------------------------------------------------------------

/** A route's own price for a band, in one month or (month null) in every month; with names for display. */
export const locationPriceSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  airport_id: z.number().int(),
  airport_iata_code: z.string(),
  airport_name: z.string(),
  departure_id: z.number().int(),
  departure_name: z.string(),
  arrival_id: z.number().int(),
  arrival_name: z.string(),
  band_id: z.number().int(),
  band_name: z.string(),
  band_type: z.enum(bandTypes),
  /** 1-12, or null: the route's price in every month that has no price of its own. */
  month: z.number().int().nullable(),
  price: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LocationPrice = z.infer<typeof locationPriceSchema>;

/** POST /api/location-price/add body; also the form's schema. */
export const locationPriceCreateSchema = z.strictObject({
  airport_id: recordIdSchema,
  departure_id: recordIdSchema,
  arrival_id: recordIdSchema,
  band_id: recordIdSchema,
  month: monthNumberSchema.nullable().default(null),
  price: priceSchema,
});
export type LocationPriceCreateInput = z.input<typeof locationPriceCreateSchema>;
export type LocationPriceCreate = z.output<typeof locationPriceCreateSchema>;

/** PATCH /api/location-price/update/{id}: any subset; departure and arrival are checked against the airport. */
export const locationPriceUpdateSchema = z
  .strictObject({
    airport_id: recordIdSchema.optional(),
    departure_id: recordIdSchema.optional(),
    arrival_id: recordIdSchema.optional(),
    band_id: recordIdSchema.optional(),
    month: monthNumberSchema.nullable().optional(),
    price: priceSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: V.required });
export type LocationPriceUpdate = z.output<typeof locationPriceUpdateSchema>;

/** `month` in a list query: 1-12, or `every` for the every-month prices. */
const monthFilterSchema = z.union([z.literal('every'), monthParamSchema]);

/** GET /api/location-price/list: paging, sort, search by band or location name, filters. */
export const locationPriceListQuerySchema = listQuerySchema(locationPriceSortFields).extend({
  airport_id: recordIdParamSchema.optional(),
  departure_id: recordIdParamSchema.optional(),
  arrival_id: recordIdParamSchema.optional(),
  band_id: recordIdParamSchema.optional(),
  month: monthFilterSchema.optional(),
});
export type LocationPriceListQuery = z.output<typeof locationPriceListQuerySchema>;

// ---- the price grid of a route: bands down, months across ----------------------------------------------

/** Where the price of a cell comes from: the route's month price, its every-month price, the band-month default. */
export const priceSources = ['month', 'every_month', 'default'] as const;
export type PriceSource = (typeof priceSources)[number];

/** GET /api/location-price/grid query. */
export const priceGridQuerySchema = z.object({
  airport_id: recordIdParamSchema,
  departure_id: recordIdParamSchema,
  arrival_id: recordIdParamSchema,
  type: bandTypeSchema.default('parking'),
  time_zone: z.string().max(64).optional(),
  company_id: recordIdParamSchema.optional(),
});
export type PriceGridQuery = z.output<typeof priceGridQuerySchema>;

const gridBandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(bandTypes),
  min_days: z.number().int(),
  max_days: z.number().int(),
});

/** One month of one band on a route. */
export const priceGridCellSchema = z.object({
  month: z.number().int(),
  /** The route's own price for this month (month-specific), or null. */
  month_price: z.number().int().nullable(),
  /** The route's own price: month-specific, else the route's every-month price, else null. */
  own_price: z.number().int().nullable(),
  /** The band-month default, or null when the company has none. */
  default_price: z.number().int().nullable(),
  /** The price a stay departing in this month pays, and where it comes from (null: no price at all). */
  price: z.number().int().nullable(),
  source: z.enum(priceSources).nullable(),
});
export type PriceGridCell = z.infer<typeof priceGridCellSchema>;

export const priceGridRowSchema = z.object({
  band: gridBandSchema,
  /** The route's every-month price of the band, or null. */
  every_month_price: z.number().int().nullable(),
  /** Months 1-12, in order. */
  cells: z.array(priceGridCellSchema),
});
export type PriceGridRow = z.infer<typeof priceGridRowSchema>;

export const priceGridSchema = z.object({
  airport_id: z.number().int(),
  departure_id: z.number().int(),
  arrival_id: z.number().int(),
  type: z.enum(bandTypes),
  rows: z.array(priceGridRowSchema),
});
export type PriceGrid = z.infer<typeof priceGridSchema>;

/** One cell to save: a price, or null to remove the route's own price (the default applies again). */
export const priceGridCellInputSchema = z.strictObject({
  band_id: recordIdSchema,
  /** 1-12, or null for the route's every-month price. */
  month: monthNumberSchema.nullable(),
  price: priceSchema.nullable(),
});
export type PriceGridCellInput = z.output<typeof priceGridCellInputSchema>;

/** PUT /api/location-price/grid body: every cell is saved in one transaction, or none is. */
export const priceGridSaveSchema = z.strictObject({
  airport_id: recordIdSchema,
  departure_id: recordIdSchema,
  arrival_id: recordIdSchema,
  cells: z.array(priceGridCellInputSchema).min(1, { error: V.required }).max(2000, { error: V.tooLong }),
});
export type PriceGridSave = z.output<typeof priceGridSaveSchema>;

/** What a grid save changed. */
export const gridSaveResultSchema = z.object({ created: z.number().int(), updated: z.number().int(), removed: z.number().int() });
export type GridSaveResult = z.infer<typeof gridSaveResultSchema>;

const routeSchema = z.strictObject({ departure_id: recordIdSchema, arrival_id: recordIdSchema });

/** POST /api/location-price/copy body: every price of one route to another route of the airport. */
export const priceCopySchema = z.strictObject({
  airport_id: recordIdSchema,
  from: routeSchema,
  to: routeSchema,
  /** true: the target's prices for the same band and month are overwritten; false: any such price is a 409. */
  replace: z.boolean({ error: V.required }),
});
export type PriceCopy = z.output<typeof priceCopySchema>;

export const priceCopyResultSchema = z.object({
  /** Prices copied in all (new and overwritten). */
  copied: z.number().int(),
  /** Of those, prices of the target that were overwritten. */
  replaced: z.number().int(),
});
export type PriceCopyResult = z.infer<typeof priceCopyResultSchema>;

// ---- the band-month defaults grid ----------------------------------------------------------------------

export const bandMonthGridQuerySchema = z.object({
  type: bandTypeSchema.default('parking'),
  time_zone: z.string().max(64).optional(),
  company_id: recordIdParamSchema.optional(),
});
export type BandMonthGridQuery = z.output<typeof bandMonthGridQuerySchema>;

export const bandMonthGridRowSchema = z.object({
  band: gridBandSchema,
  /** Months 1-12, in order: the default price, or null. */
  cells: z.array(z.object({ month: z.number().int(), price: z.number().int().nullable() })),
});
export const bandMonthGridSchema = z.object({ type: z.enum(bandTypes), rows: z.array(bandMonthGridRowSchema) });
export type BandMonthGrid = z.infer<typeof bandMonthGridSchema>;

/** PUT /api/band-month/grid body: null removes a default. All or nothing. */
export const bandMonthGridSaveSchema = z.strictObject({
  cells: z
    .array(z.strictObject({ band_id: recordIdSchema, month: monthNumberSchema, price: priceSchema.nullable() }))
    .min(1, { error: V.required })
    .max(2000, { error: V.tooLong }),
});
export type BandMonthGridSave = z.output<typeof bandMonthGridSaveSchema>;

// ---- the calls -----------------------------------------------------------------------------------------------------

/** Spec 7 `band-month/*` (add, list, get, update, delete) and the defaults grid. */
export const bandMonthEndpoints = {
  ...crudEndpoints('/api/band-month', 'band_months', {
    record: bandMonthSchema,
    create: bandMonthCreateSchema,
    update: bandMonthUpdateSchema,
    listQuery: bandMonthListQuerySchema,
    idParams: idParamsSchema,
  }),
  grid: endpoint({
    method: 'GET',
    path: '/api/band-month/grid',
    access: { permission: 'band_months.view' },
    query: bandMonthGridQuerySchema,
    response: bandMonthGridSchema,
  }),
  saveGrid: endpoint({
    method: 'PUT',
    path: '/api/band-month/grid',
    access: { permission: 'band_months.update' },
    body: bandMonthGridSaveSchema,
    response: gridSaveResultSchema,
  }),
} as const;

/**
 * Spec 7 `location-price/*` (add, list, get, update, delete), a route's price grid, copying a season, and the route's
 * price list versions with their restore. `location-price/admin/list` (the quote) is `quoteEndpoints`.
 */
export const locationPriceEndpoints = {
  ...crudEndpoints('/api/location-price', 'location_prices', {
    record: locationPriceSchema,
    create: locationPriceCreateSchema,
    update: locationPriceUpdateSchema,
    listQuery: locationPriceListQuerySchema,
    idParams: idParamsSchema,
  }),
  grid: endpoint({
    method: 'GET',
    path: '/api/location-price/grid',
    access: { permission: 'location_prices.view' },
    query: priceGridQuerySchema,
    response: priceGridSchema,
  }),
  saveGrid: endpoint({
    method: 'PUT',
    path: '/api/location-price/grid',
    access: { permission: 'location_prices.update' },
    body: priceGridSaveSchema,
    response: gridSaveResultSchema,
  }),
  copy: endpoint({
    method: 'POST',
    path: '/api/location-price/copy',
    access: { permission: 'location_prices.update' },
    body: priceCopySchema,
    response: priceCopyResultSchema,
  }),
  versions: endpoint({
    method: 'GET',
    path: '/api/location-price/versions',
    access: { permission: 'location_prices.view' },
    query: priceListRouteQuerySchema,
    response: z.array(priceListVersionSchema),
  }),
  restorePreview: endpoint({
    method: 'GET',
    path: '/api/location-price/restore/preview',
    access: { permission: 'location_prices.update' },
    query: priceListPreviewQuerySchema,
    response: priceListRestorePreviewSchema,
  }),
  restore: endpoint({
    method: 'POST',
    path: '/api/location-price/restore',
    access: { permission: 'location_prices.update' },
    body: priceListRestoreBodySchema,
    response: priceListRestoreResultSchema,
  }),
} as const;
