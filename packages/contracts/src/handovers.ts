import { z } from 'zod';
import { bookingSchema } from './bookings.ts';
import { bookingStatuses } from './common/bookingStates.ts';
import { endpoint } from './common/endpoint.ts';
import {
  damageAreas,
  FUEL_EIGHTHS_MAX,
  handoverKinds,
  MAX_HANDOVER_PHOTO_BYTES,
  MAX_HANDOVER_PHOTOS,
  MAX_SIGNATURE_BYTES,
} from './common/handoverStates.ts';
import { optionalText } from './common/names.ts';
import { idParamsSchema, recordIdParamSchema, recordIdSchema } from './common/pagination.ts';
import { V } from './common/validation.ts';

export * from './common/handoverStates.ts';

/**
 * Handovers (issue 22, section 1): checking a car in from its customer and out to them, as a record of what was seen
 * (mileage, fuel, damage marks on the car outline, photos, the customer's signature or typed name) and of where the
 * car and its key went. Recording one moves the booking (check-in: confirmed -> checked in; check-out: checked in or
 * parked -> checked out, which closes its trips). Its author may undo it for HANDOVER_UNDO_MINUTES.
 */

/** One damage mark: the outline's area, where on it (0 to 1 across and down), and what was seen. */
export const damageMarkSchema = z.strictObject({
  area: z.enum(damageAreas, { error: V.invalidValue }),
  x: z.number({ error: V.invalidType }).min(0, { error: V.invalidValue }).max(1, { error: V.invalidValue }),
  y: z.number({ error: V.invalidType }).min(0, { error: V.invalidValue }).max(1, { error: V.invalidValue }),
  note: z
    .string({ error: V.invalidType })
    .max(200, { error: V.tooLong })
    .transform((value) => value.trim()),
});
export type DamageMarkInput = z.output<typeof damageMarkSchema>;

/** A mark as the answers carry it. */
export const damageMarkRecordSchema = z.object({ area: z.enum(damageAreas), x: z.number(), y: z.number(), note: z.string() });
export type DamageMark = z.infer<typeof damageMarkRecordSchema>;

/** Base64 (no `data:` prefix) of at most `bytes` bytes once decoded; what the bytes are is checked by the server. */
const base64Image = (bytes: number) =>
  z
    .string({ error: V.invalidType })
    .max(Math.ceil(bytes / 3) * 4, { error: V.tooLong })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: V.invalidValue });

export const handoverCreateSchema = z.strictObject({
  booking_id: recordIdSchema,
  kind: z.enum(handoverKinds, { error: V.invalidValue }),
  mileage: z
    .number({ error: V.invalidType })
    .int({ error: V.invalidType })
    .min(0, { error: V.invalidValue })
    .max(2_000_000, { error: V.invalidValue })
    .nullable()
    .default(null),
  fuel_eighths: z
    .number({ error: V.invalidType })
    .int({ error: V.invalidType })
    .min(0, { error: V.invalidValue })
    .max(FUEL_EIGHTHS_MAX, { error: V.invalidValue })
    .nullable()
    .default(null),
  /** Check-in: where the car is put (a position of the company). Check-out frees it. */
  position_id: recordIdSchema.nullable().default(null),
  /** Where the key hangs (key box, hook number). */
  key_location: optionalText(40).default(null),
  marks: z.array(damageMarkSchema).max(40, { error: V.tooLong }).default([]),
  photos: z.array(base64Image(MAX_HANDOVER_PHOTO_BYTES)).max(MAX_HANDOVER_PHOTOS, { error: V.tooLong }).default([]),
  /** The customer's signature, a PNG of their strokes. */
  signature: base64Image(MAX_SIGNATURE_BYTES).nullable().default(null),
  /** The customer's typed name, acknowledging the marks. */
  signed_name: optionalText(100).default(null),
  note: optionalText(500).default(null),
  /** When it happened, if earlier than now (a phone sending what it recorded offline); never in the future. */
  recorded_at: z.iso.datetime({ offset: true, error: V.invalidValue }).optional(),
});
export type HandoverCreateInput = z.input<typeof handoverCreateSchema>;
export type HandoverCreate = z.output<typeof handoverCreateSchema>;

/** A stored image of a handover: fetched by `handover/file/get/{id}`. */
export const handoverFileSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(['photo', 'signature']),
  content_type: z.string(),
  size_bytes: z.number().int(),
});
export type HandoverFile = z.infer<typeof handoverFileSchema>;

export const handoverSchema = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  kind: z.enum(handoverKinds),
  recorded_at: z.string(),
  recorded_by: z.number().int().nullable(),
  recorded_by_name: z.string().nullable(),
  mileage: z.number().int().nullable(),
  fuel_eighths: z.number().int().nullable(),
  position_id: z.number().int().nullable(),
  position_name: z.string().nullable(),
  place_name: z.string().nullable(),
  key_location: z.string().nullable(),
  marks: z.array(damageMarkRecordSchema),
  signed_name: z.string().nullable(),
  note: z.string().nullable(),
  photos: z.array(handoverFileSchema),
  signature: handoverFileSchema.nullable(),
  booking_status_before: z.enum(bookingStatuses),
  undone_at: z.string().nullable(),
  undone_by_name: z.string().nullable(),
  /** Until when its author may still undo it (null once undone). */
  undo_until: z.string().nullable(),
  created_at: z.string(),
});
export type Handover = z.infer<typeof handoverSchema>;

/** GET /api/handover/list: a booking's handovers, oldest first (undone ones too, marked). */
export const handoverListQuerySchema = z.object({ booking_id: recordIdParamSchema });
export type HandoverListQuery = z.output<typeof handoverListQuerySchema>;

export const handoverAddHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7E]{1,100}$/, { error: V.invalidValue })
    .optional(),
});

/** A car moved on site, or its key: where it was and where it is now. */
export const relocationSchema = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  from_position_name: z.string().nullable(),
  to_position_name: z.string().nullable(),
  from_key_location: z.string().nullable(),
  to_key_location: z.string().nullable(),
  note: z.string().nullable(),
  moved_at: z.string(),
  moved_by_name: z.string().nullable(),
});
export type Relocation = z.infer<typeof relocationSchema>;

/** POST /api/handover/relocate: the car's new position and/or its key's new place (at least one changes). */
export const relocationCreateSchema = z.strictObject({
  booking_id: recordIdSchema,
  position_id: recordIdSchema.nullable().optional(),
  key_location: optionalText(40).optional(),
  note: optionalText(200).default(null),
});
export type RelocationCreate = z.output<typeof relocationCreateSchema>;

export const handoverEndpoints = {
  /**
   * The booking a handover is for, as `booking/get` answers it, for whoever may record handovers: the office, or a driver
   * for a booking of their own trips (who holds no `bookings.view`).
   */
  booking: endpoint({
    method: 'GET',
    path: '/api/handover/booking/get/:id',
    access: { permission: 'handovers.view' },
    params: idParamsSchema,
    response: bookingSchema,
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/handover/add',
    access: { permission: 'handovers.create' },
    body: handoverCreateSchema,
    headers: handoverAddHeadersSchema,
    response: handoverSchema,
    status: 201,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/handover/list',
    access: { permission: 'handovers.view' },
    query: handoverListQuerySchema,
    response: handoverSchema,
    shape: 'list',
  }),
  undo: endpoint({
    method: 'PATCH',
    path: '/api/handover/undo/:id',
    access: { permission: 'handovers.create' },
    params: idParamsSchema,
    response: handoverSchema,
  }),
  /** A photo or signature (JPEG, PNG or WebP) as stored: a body of its own, which the web reads as a Blob. */
  file: endpoint({
    method: 'GET',
    path: '/api/handover/file/get/:id',
    access: { permission: 'handovers.view' },
    params: idParamsSchema,
    response: z.unknown(),
    shape: 'raw',
  }),
  relocate: endpoint({
    method: 'POST',
    path: '/api/handover/relocate',
    access: { permission: 'handovers.create' },
    body: relocationCreateSchema,
    response: relocationSchema,
    status: 201,
  }),
  relocations: endpoint({
    method: 'GET',
    path: '/api/handover/relocation/list',
    access: { permission: 'handovers.view' },
    query: handoverListQuerySchema,
    response: relocationSchema,
    shape: 'list',
  }),
} as const;
