import { type AuditChange, type BookingAuditEntity, type BookingAuditEntry, bookingAuditEntities } from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { unlistedAuditFields } from '../../kit/audit.ts';
import { notFound } from '../../lib/errors.ts';
import type { BookingCaller } from './bookings.pricing.ts';
import { createBookingsRepository } from './bookings.repository.ts';

/** The most entries one trail answers: a booking with more has been edited far beyond what a page reads. */
export const BOOKING_AUDIT_LIMIT = 500;

const isTrailEntity = (entity: string): entity is BookingAuditEntity => (bookingAuditEntities as readonly string[]).includes(entity);

function trailChanges(changes: Record<string, AuditChange>): Record<string, AuditChange> {
  return Object.fromEntries(Object.entries(changes).filter(([field]) => !unlistedAuditFields.has(field)));
}

/** A booking's audit trail: who changed what on it, its services, payments and messages. */
export function createBookingAuditService(db: Db) {
  return {
    /** Newest first, at most `BOOKING_AUDIT_LIMIT` entries; 404 when the booking is not the caller's company's. */
    async auditTrail(caller: BookingCaller, id: number): Promise<BookingAuditEntry[]> {
      const repository = createBookingsRepository(db, caller.companyId);
      if (!(await repository.findById(id))) throw notFound();
      const rows = await repository.auditTrail(id, BOOKING_AUDIT_LIMIT);
      return rows.flatMap((row) =>
        isTrailEntity(row.entity)
          ? [
              {
                ...row,
                entity: row.entity,
                entity_id: Number(row.entity_id),
                changes: trailChanges(row.changes),
                created_at: row.created_at.toISOString(),
              },
            ]
          : [],
      );
    },
  };
}
