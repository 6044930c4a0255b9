import { z } from 'zod';
import { updateSchemaOf } from './common/crud.ts';
import { crudEndpoints } from './common/endpoint.ts';
import { optionalText, recordName } from './common/names.ts';
import { idParamsSchema, listQuerySchema, recordStatusQuerySchema, recordStatusSchema } from './common/pagination.ts';

/** A company's price rules, as every call answers them. */
export const priceRuleSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  notes: z.string().nullable(),
  status: recordStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type PriceRule = z.infer<typeof priceRuleSchema>;

const priceRuleFields = {
  name: recordName(),
  notes: optionalText(500),
  status: recordStatusSchema,
};

/** The add's body, and the form's: the name is unique in the company, whatever its case. */
export const priceRuleCreateSchema = z.strictObject({
  ...priceRuleFields,
  notes: priceRuleFields.notes.optional(),
  status: priceRuleFields.status.default(1),
});
export type PriceRuleCreateInput = z.input<typeof priceRuleCreateSchema>;
export type PriceRuleCreate = z.output<typeof priceRuleCreateSchema>;

export const priceRuleUpdateSchema = updateSchemaOf(priceRuleFields);
export type PriceRuleUpdate = z.output<typeof priceRuleUpdateSchema>;

export const priceRuleSortFields = ['name', 'status', 'created_at'] as const;

/** The list: paging, sort, search by name or notes, `status=1` for active ones. */
export const priceRuleListQuerySchema = listQuerySchema(priceRuleSortFields).extend({
  status: recordStatusQuerySchema.optional(),
});
export type PriceRuleListQuery = z.output<typeof priceRuleListQuerySchema>;

/** `price-rule/add`, `list`, `get/{id}`, `update/{id}`, `delete/{id}` of the caller's company. */
export const priceRuleEndpoints = crudEndpoints('/api/price-rule', 'price_rules', {
  record: priceRuleSchema,
  create: priceRuleCreateSchema,
  update: priceRuleUpdateSchema,
  listQuery: priceRuleListQuerySchema,
  idParams: idParamsSchema,
});
