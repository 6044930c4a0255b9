import { z } from 'zod';

export const auditActions = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof auditActions)[number];

/** What changed in one field: its value before and after (absent on create or delete). */
export const auditChangeSchema = z.object({ from: z.unknown().optional(), to: z.unknown().optional() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

/**
 * The records whose changes make up a booking's audit trail: the booking and what hangs on it, its trips
 * included (a trip, a movement of its car, a trip's time moved by itself, an admin's status correction).
 */
export const bookingAuditEntities = [
  'booking',
  'booking_service',
  'payment',
  'mail_message',
  'trip',
  'trip_movement',
  'trip_schedule_change',
  'trip_status_correction',
] as const;
export type BookingAuditEntity = (typeof bookingAuditEntities)[number];

/**
 * One entry of a booking's audit trail (`GET /api/booking/audit/list/{id}`): a change to the booking, one of
 * its service lines, payments, messages or trips; each changed field with its value before and after.
 */
export const bookingAuditEntrySchema = z.object({
  id: z.number().int(),
  entity: z.enum(bookingAuditEntities),
  entity_id: z.number().int(),
  action: z.enum(auditActions),
  changes: z.record(z.string(), auditChangeSchema),
  actor_user_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type BookingAuditEntry = z.infer<typeof bookingAuditEntrySchema>;
