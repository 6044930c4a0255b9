import { z } from 'zod';
import { crudEndpoints } from './common/endpoint.ts';
import { MAX_PRICE, optionalText, recordName, wholeNumber } from './common/names.ts';
import { idParamsSchema, listQuerySchema, recordStatusQuerySchema, recordStatusSchema } from './common/pagination.ts';
import { additionalServiceSortFields } from './common/sortFields.ts';
import { V } from './common/validation.ts';

export { additionalServiceSortFields };

/** An optional extra sold with a stay (car wash, EV charging...), priced in integer minor units. */
export const additionalServiceSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number().int(),
  status: recordStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdditionalService = z.infer<typeof additionalServiceSchema>;

const serviceFields = {
  name: recordName(),
  description: optionalText(1000),
  price: wholeNumber(MAX_PRICE),
  status: recordStatusSchema,
};

/** POST /api/additional_services/add body; also the form's schema. */
export const additionalServiceCreateSchema = z.strictObject({
  name: serviceFields.name,
  description: serviceFields.description.optional(),
  price: serviceFields.price,
  status: serviceFields.status.default(1),
});
export type AdditionalServiceCreateInput = z.input<typeof additionalServiceCreateSchema>;
export type AdditionalServiceCreate = z.output<typeof additionalServiceCreateSchema>;

/** PATCH /api/additional_services/update/{id}: any subset of the fields. */
export const additionalServiceUpdateSchema = z
  .strictObject({
    name: serviceFields.name.optional(),
    description: serviceFields.description.optional(),
    price: serviceFields.price.optional(),
    status: serviceFields.status.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: V.required });
export type AdditionalServiceUpdate = z.output<typeof additionalServiceUpdateSchema>;

/** GET /api/additional_services/list: paging, sort, search by name or description, `status`. */
export const additionalServiceListQuerySchema = listQuerySchema(additionalServiceSortFields).extend({
  status: recordStatusQuerySchema.optional(),
});
export type AdditionalServiceListQuery = z.output<typeof additionalServiceListQuerySchema>;

/** Spec 7: `additional_services/add`, `list`, `get/{id}`, `update/{id}`, `delete/{id}` (underscore, as the spec). */
export const additionalServiceEndpoints = crudEndpoints('/api/additional_services', 'additional_services', {
  record: additionalServiceSchema,
  create: additionalServiceCreateSchema,
  update: additionalServiceUpdateSchema,
  listQuery: additionalServiceListQuerySchema,
  idParams: idParamsSchema,
});
