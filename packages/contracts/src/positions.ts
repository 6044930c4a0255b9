import { z } from 'zod';
import { updateSchemaOf } from './common/crud.ts';
import { crudEndpoints } from './common/endpoint.ts';
import { type PositionKind, positionKinds } from './common/handoverStates.ts';
import { optionalText, shortLabel } from './common/names.ts';
import {
  idParamsSchema,
  listQuerySchema,
  recordIdParamSchema,
  recordIdSchema,
  recordStatusQuerySchema,
  recordStatusSchema,
} from './common/pagination.ts';
import { V } from './common/validation.ts';

export { type PositionKind, positionKinds };

/**
 * Where a car stands on a yard or in a car park (issue 22, section 2): a bay (one car), a row or a zone (any number).
 * A position belongs to one place, a yard or a car park, for good; its name is unique in that place, whatever its case.
 */
export const positionSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  yard_id: z.number().int().nullable(),
  location_id: z.number().int().nullable(),
  /** The yard's or the car park's name. */
  place_name: z.string(),
  kind: z.enum(positionKinds),
  name: z.string(),
  notes: z.string().nullable(),
  status: recordStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Position = z.infer<typeof positionSchema>;

const positionFields = {
  kind: z.enum(positionKinds, { error: V.invalidValue }),
  name: shortLabel(),
  notes: optionalText(500),
  status: recordStatusSchema,
};

/** The add's body, and the form's: a yard or a car park (exactly one), the kind (a bay unless told) and the name. */
export const positionCreateSchema = z
  .strictObject({
    yard_id: recordIdSchema.nullable().default(null),
    location_id: recordIdSchema.nullable().default(null),
    ...positionFields,
    kind: positionFields.kind.default('bay'),
    notes: positionFields.notes.optional(),
    status: positionFields.status.default(1),
  })
  .superRefine((body, context) => {
    if (body.yard_id === null && body.location_id === null) context.addIssue({ code: 'custom', message: V.required, path: ['yard_id'] });
    if (body.yard_id !== null && body.location_id !== null)
      context.addIssue({ code: 'custom', message: V.invalidValue, path: ['location_id'] });
  });
export type PositionCreateInput = z.input<typeof positionCreateSchema>;
export type PositionCreate = z.output<typeof positionCreateSchema>;

/** Any subset of the kind, name, notes and status: the place stays (a new place is a new position). */
export const positionUpdateSchema = updateSchemaOf(positionFields);
export type PositionUpdate = z.output<typeof positionUpdateSchema>;

export const positionSortFields = ['name', 'kind', 'status', 'created_at'] as const;

/** The list: paging, sort, search by name or notes, one yard's or car park's, one kind, `status=1` for active ones. */
export const positionListQuerySchema = listQuerySchema(positionSortFields).extend({
  status: recordStatusQuerySchema.optional(),
  yard_id: recordIdParamSchema.optional(),
  location_id: recordIdParamSchema.optional(),
  kind: z.enum(positionKinds, { error: V.invalidValue }).optional(),
});
export type PositionListQuery = z.output<typeof positionListQuerySchema>;

/** `position/add`, `list`, `get/{id}`, `update/{id}`, `delete/{id}` of the caller's company. */
export const positionEndpoints = crudEndpoints('/api/position', 'positions', {
  record: positionSchema,
  create: positionCreateSchema,
  update: positionUpdateSchema,
  listQuery: positionListQuerySchema,
  idParams: idParamsSchema,
});
