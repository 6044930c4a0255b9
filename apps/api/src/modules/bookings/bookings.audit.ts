import { type AuditFieldNames, type BookingAuditEntity, type BookingAuditEntry, bookingAuditEntities } from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { type AuditNameBook, AuditReferences, auditNameOf, readAuditNames, shownAuditChanges } from '../../kit/auditNames.ts';
import { notFound } from '../../lib/errors.ts';
import type { BookingCaller } from './bookings.pricing.ts';
import { createBookingsRepository } from './bookings.repository.ts';

/** The most entries one trail answers: a booking with more has been edited far beyond what a page reads. */
export const BOOKING_AUDIT_LIMIT = 500;

const isTrailEntity = (entity: string): entity is BookingAuditEntity => (bookingAuditEntities as readonly string[]).includes(entity);

/** The names of what each reference field of an entry pointed at (a role without the right to read drivers still reads names). */
function namesOf(book: AuditNameBook, entry: Pick<BookingAuditEntry, 'entity' | 'changes'>): Record<string, AuditFieldNames> {
  const names: Record<string, AuditFieldNames> = {};
  for (const [field, change] of Object.entries(entry.changes)) {
    const from = auditNameOf(book, entry.entity, field, change.from);
    const to = auditNameOf(book, entry.entity, field, change.to);
    if (from !== null || to !== null) names[field] = { from, to };
  }
  return names;
}

/** A booking's audit trail: who changed what on it, its services, payments and messages. */
export function createBookingAuditService(db: Db) {
  return {
    /** Newest first, at most `BOOKING_AUDIT_LIMIT` entries (without money for a role that may not see it); 404 when the booking is not the caller's company's. */
    async auditTrail(caller: BookingCaller, id: number, { seesMoney }: { seesMoney: boolean }): Promise<BookingAuditEntry[]> {
      const repository = createBookingsRepository(db, caller.companyId);
      if (!(await repository.findById(id))) throw notFound();
      const rows = await repository.auditTrail(id, BOOKING_AUDIT_LIMIT);
      // A role without finance.view reads no payment and no money field (a total, a fee) of the others.
      const entries = rows.flatMap((row) =>
        isTrailEntity(row.entity) && (seesMoney || row.entity !== 'payment')
          ? [
              {
                ...row,
                entity: row.entity,
                entity_id: Number(row.entity_id),
                changes: shownAuditChanges(row.entity, row.changes, { seesMoney }),
                created_at: row.created_at.toISOString(),
              },
            ]
          : [],
      );
      // Every name the trail points at, one query per kind of record, within the caller's company.
      const references = new AuditReferences();
      for (const entry of entries) references.collect(entry.entity, entry.entity_id, entry.changes);
      const book = await readAuditNames(db, caller.companyId, references);
      return entries.map((entry) => ({ ...entry, names: namesOf(book, entry) }));
    },
  };
}
