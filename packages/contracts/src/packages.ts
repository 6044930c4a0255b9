import { z } from 'zod';
import { bandTypes } from './bands.ts';
import { crudEndpoints } from './common/endpoint.ts';
import { MAX_PRICE, optionalText, recordName, wholeNumber } from './common/names.ts';
import { idParamsSchema, listQuerySchema, recordStatusQuerySchema, recordStatusSchema } from './common/pagination.ts';
import { packageSortFields } from './common/sortFields.ts';
import { V } from './common/validation.ts';

export { packageSortFields };

/** A package lists at most this many included items, each at most 100 characters. */
export const MAX_INCLUDED_ITEMS = 20;

/** A product sold (Meet and Greet Standard...): `price` is a supplement added to the stay's price. */
export const packageSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(bandTypes),
  /** Integer minor units; may be 0. */
  price: z.number().int(),
  included: z.array(z.string()),
  status: recordStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Package = z.infer<typeof packageSchema>;

/** One included item: trimmed, not blank, at most 100 characters. */
const includedItem = z
  .string({ error: V.required })
  .refine((value) => value.trim().length > 0, { error: V.notBlank, abort: true })
  .transform((value) => value.trim())
  .pipe(z.string().max(100, { error: V.max100 }));

const packageFields = {
  name: recordName(),
  description: optionalText(1000),
  type: z.enum(bandTypes, { error: V.invalidValue }),
  price: wholeNumber(MAX_PRICE),
  included: z.array(includedItem, { error: V.invalidType }).max(MAX_INCLUDED_ITEMS, { error: V.tooManyItems }),
  status: recordStatusSchema,
};

/** POST /api/package/add body; also the form's schema. */
export const packageCreateSchema = z.strictObject({
  name: packageFields.name,
  description: packageFields.description.optional(),
  type: packageFields.type,
  price: packageFields.price,
  included: packageFields.included.default([]),
  status: packageFields.status.default(1),
});
export type PackageCreateInput = z.input<typeof packageCreateSchema>;
export type PackageCreate = z.output<typeof packageCreateSchema>;

/** PATCH /api/package/update/{id}: any subset of the fields; `included` replaces the whole list. */
export const packageUpdateSchema = z
  .strictObject({
    name: packageFields.name.optional(),
    description: packageFields.description.optional(),
    type: packageFields.type.optional(),
    price: packageFields.price.optional(),
    included: packageFields.included.optional(),
    status: packageFields.status.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: V.required });
export type PackageUpdate = z.output<typeof packageUpdateSchema>;

/** GET /api/package/list: paging, sort, search by name or description, filters by type and status. */
export const packageListQuerySchema = listQuerySchema(packageSortFields).extend({
  status: recordStatusQuerySchema.optional(),
  type: z.enum(bandTypes).optional(),
});
export type PackageListQuery = z.output<typeof packageListQuerySchema>;

/** Spec 7: `package/add`, `list`, `get/{id}`, `update/{id}`, `delete/{id}`. */
export const packageEndpoints = crudEndpoints('/api/package', 'packages', {
  record: packageSchema,
  create: packageCreateSchema,
  update: packageUpdateSchema,
  listQuery: packageListQuerySchema,
  idParams: idParamsSchema,
});
