import { z } from 'zod';
import { updateSchemaOf } from './common/crud.ts';
import { crudEndpoints } from './common/endpoint.ts';
import { optionalText, recordName, wholeNumber } from './common/names.ts';
import { idParamsSchema, listQuerySchema, recordStatusQuerySchema, recordStatusSchema } from './common/pagination.ts';
import { yardSortFields } from './common/sortFields.ts';

export { yardSortFields };

/** Where valet cars are stored (DOMAIN.md), as every yard call answers it. */
export const yardSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  /** Car spaces. */
  capacity: z.number().int(),
  status: recordStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Yard = z.infer<typeof yardSchema>;

const yardFields = {
  name: recordName(),
  address: optionalText(200),
  capacity: wholeNumber(100_000),
  status: recordStatusSchema,
};

/** POST /api/yards/add body; also the form's schema. The name is unique in the company, whatever its case. */
export const yardCreateSchema = z.strictObject({
  name: yardFields.name,
  address: yardFields.address.optional(),
  capacity: yardFields.capacity.default(0),
  status: yardFields.status.default(1),
});
export type YardCreateInput = z.input<typeof yardCreateSchema>;
export type YardCreate = z.output<typeof yardCreateSchema>;

/** PATCH /api/yards/update/{id} body: any subset of the fields. */
export const yardUpdateSchema = updateSchemaOf(yardFields);
export type YardUpdate = z.output<typeof yardUpdateSchema>;

/** GET /api/yards/list: paging, sort, search by name or address, `status=1` for active yards. */
export const yardListQuerySchema = listQuerySchema(yardSortFields).extend({
  status: recordStatusQuerySchema.optional(),
});
export type YardListQuery = z.output<typeof yardListQuerySchema>;

/** Spec 7: `yards/add`, `list`, `get/{id}`, `update/{id}`, `delete/{id}` (the group is plural in the spec). */
export const yardEndpoints = crudEndpoints('/api/yards', 'yards', {
  record: yardSchema,
  create: yardCreateSchema,
  update: yardUpdateSchema,
  listQuery: yardListQuerySchema,
  idParams: idParamsSchema,
});
