import { z } from 'zod';
import { bandTypes } from './common/bandTypes.ts';
import { crudEndpoints, endpoint } from './common/endpoint.ts';
import { recordName } from './common/names.ts';
import { idParamsSchema, listQuerySchema, recordStatusQuerySchema, recordStatusSchema } from './common/pagination.ts';
import { bandSortFields } from './common/sortFields.ts';
import { V } from './common/validation.ts';

export { type BandType, bandTypes } from './common/bandTypes.ts';
export { bandSortFields };

/** Bands cover stays of 1 to 365 days, both ends counted. */
export const MAX_BAND_DAYS = 365;

/** A length-of-stay bracket of the company: `min_days..max_days`, inclusive. */
export const bandSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  type: z.enum(bandTypes),
  min_days: z.number().int(),
  max_days: z.number().int(),
  /** The lowest and highest base price (minor units) the price rules may make of a stay in the band; null: none. */
  floor_price: z.number().int().nullable(),
  ceiling_price: z.number().int().nullable(),
  status: recordStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Band = z.infer<typeof bandSchema>;

const days = z
  .number({ error: V.required })
  .int({ error: V.positiveInteger })
  .min(1, { error: V.positiveInteger })
  .max(MAX_BAND_DAYS, { error: V.tooLong });

const priceLimit = z
  .number({ error: V.invalidValue })
  .int({ error: V.positiveAmount })
  .min(0, { error: V.positiveAmount })
  .max(100_000_000, { error: V.tooLong })
  .nullable();

const floorNotAboveCeiling = (body: { floor_price?: number | null; ceiling_price?: number | null }) =>
  body.floor_price === undefined ||
  body.floor_price === null ||
  body.ceiling_price === undefined ||
  body.ceiling_price === null ||
  body.floor_price <= body.ceiling_price;

const minNotAboveMax = (body: { min_days?: number; max_days?: number }) =>
  body.min_days === undefined || body.max_days === undefined || body.min_days <= body.max_days;

/** POST /api/band/add body; also the form's schema. */
export const bandCreateSchema = z
  .strictObject({
    name: recordName(),
    type: z.enum(bandTypes, { error: V.invalidValue }),
    min_days: days,
    max_days: days,
    floor_price: priceLimit.default(null),
    ceiling_price: priceLimit.default(null),
    status: recordStatusSchema.default(1),
  })
  .refine(minNotAboveMax, { path: ['max_days'], error: V.daysOrder })
  .refine(floorNotAboveCeiling, { path: ['ceiling_price'], error: V.invalidValue });
export type BandCreateInput = z.input<typeof bandCreateSchema>;
export type BandCreate = z.output<typeof bandCreateSchema>;

/** PATCH /api/band/update/{id}: any subset; the service checks min <= max on the row as it will be. */
export const bandUpdateSchema = z
  .strictObject({
    name: recordName().optional(),
    type: z.enum(bandTypes, { error: V.invalidValue }).optional(),
    min_days: days.optional(),
    max_days: days.optional(),
    floor_price: priceLimit.optional(),
    ceiling_price: priceLimit.optional(),
    status: recordStatusSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: V.required })
  .refine(minNotAboveMax, { path: ['max_days'], error: V.daysOrder })
  .refine(floorNotAboveCeiling, { path: ['ceiling_price'], error: V.invalidValue });
export type BandUpdate = z.output<typeof bandUpdateSchema>;

/** GET /api/band/list: paging, sort, search by name, filters by type and status. */
export const bandListQuerySchema = listQuerySchema(bandSortFields).extend({
  status: recordStatusQuerySchema.optional(),
  type: z.enum(bandTypes).optional(),
});
export type BandListQuery = z.output<typeof bandListQuerySchema>;

/** GET /api/band/type item: a band type labelled in the caller's language. */
export const bandTypeOptionSchema = z.object({ value: z.enum(bandTypes), label: z.string() });
export type BandTypeOption = z.infer<typeof bandTypeOptionSchema>;

/** GET /api/month/list item: the months numbered 1-12, named in the caller's language. */
export const monthSchema = z.object({ id: z.number().int().min(1).max(12), name: z.string() });
export type Month = z.infer<typeof monthSchema>;

/** Spec 7: band CRUD, `band/type` and `month/list`. */
export const bandEndpoints = {
  ...crudEndpoints('/api/band', 'bands', {
    record: bandSchema,
    create: bandCreateSchema,
    update: bandUpdateSchema,
    listQuery: bandListQuerySchema,
    idParams: idParamsSchema,
  }),
  /** The band types, labelled in the caller's language. */
  types: endpoint({ method: 'GET', path: '/api/band/type', access: { permission: 'bands.view' }, response: z.array(bandTypeOptionSchema) }),
  /** The twelve months, named in the caller's language. */
  months: endpoint({ method: 'GET', path: '/api/month/list', access: { permission: 'bands.view' }, response: z.array(monthSchema) }),
} as const;
