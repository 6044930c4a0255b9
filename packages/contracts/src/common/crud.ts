import { z } from 'zod';
import { V } from './validation.ts';

/**
 * An update's body, from the fields a create takes (without their defaults): any subset of them, strict (an unknown
 * field is a 400), and at least one (an empty update is a 400, never an empty SET).
 */
export function updateSchemaOf<const Shape extends z.ZodRawShape>(fields: Shape) {
  return z
    .strictObject(fields)
    .partial()
    .refine((body) => Object.keys(body).length > 0, { error: V.required });
}
