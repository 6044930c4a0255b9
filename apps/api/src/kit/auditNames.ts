import {
  type AuditChange,
  type AuditReferenceKind,
  auditFieldPresentation,
  auditReferenceOf,
  isInternalAuditField,
  namedAuditEntities,
} from '@ps/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, readTogether } from '../db/client.ts';
import {
  additionalServices,
  agencies,
  airports,
  bookings,
  documentTypes,
  drivers,
  locations,
  packages,
  roles,
  trips,
  users,
  vouchers,
  yards,
} from '../db/schema/index.ts';

/** The names of the records an audit page points at, by kind and id. */
export type AuditNameBook = ReadonlyMap<AuditReferenceKind, ReadonlyMap<number, string>>;

interface NameSource {
  table: PgTable;
  id: PgColumn;
  company: PgColumn;
  name: SQL<string>;
}

/** How each kind of record is named: a booking by its reference, a driver by first and last name, a trip by its booking. */
const nameSources: Record<Exclude<AuditReferenceKind, 'trip'>, NameSource> = {
  additional_service: {
    table: additionalServices,
    id: additionalServices.id,
    company: additionalServices.company_id,
    name: sql<string>`${additionalServices.name}`,
  },
  agency: { table: agencies, id: agencies.id, company: agencies.company_id, name: sql<string>`${agencies.name}` },
  airport: { table: airports, id: airports.id, company: airports.company_id, name: sql<string>`${airports.name}` },
  booking: { table: bookings, id: bookings.id, company: bookings.company_id, name: sql<string>`${bookings.reference}` },
  document_type: {
    table: documentTypes,
    id: documentTypes.id,
    company: documentTypes.company_id,
    name: sql<string>`${documentTypes.name}`,
  },
  driver: {
    table: drivers,
    id: drivers.id,
    company: drivers.company_id,
    name: sql<string>`${drivers.first_name} || ' ' || ${drivers.last_name}`,
  },
  location: { table: locations, id: locations.id, company: locations.company_id, name: sql<string>`${locations.name}` },
  package: { table: packages, id: packages.id, company: packages.company_id, name: sql<string>`${packages.name}` },
  role: { table: roles, id: roles.id, company: roles.company_id, name: sql<string>`${roles.name}` },
  user: { table: users, id: users.id, company: users.company_id, name: sql<string>`${users.name}` },
  voucher: { table: vouchers, id: vouchers.id, company: vouchers.company_id, name: sql<string>`${vouchers.code}` },
  yard: { table: yards, id: yards.id, company: yards.company_id, name: sql<string>`${yards.name}` },
};

/** The ids an audit page points at, by kind: collect every entry's, then read each kind once. */
export class AuditReferences {
  readonly wanted = new Map<AuditReferenceKind, Set<number>>();

  private add(kind: AuditReferenceKind, value: unknown): void {
    const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : null;
    if (id === null) return;
    let ids = this.wanted.get(kind);
    if (!ids) {
      ids = new Set();
      this.wanted.set(kind, ids);
    }
    ids.add(id);
  }

  /** The record an entry is about (when its kind is named) and every reference among its changed fields. */
  collect(entity: string, entityId: string | number, changes: Record<string, AuditChange>): void {
    const own = namedAuditEntities[entity as keyof typeof namedAuditEntities];
    if (own) this.add(own, entityId);
    for (const [field, change] of Object.entries(changes)) {
      const kind = auditReferenceOf(entity, field);
      if (!kind) continue;
      this.add(kind, change.from);
      this.add(kind, change.to);
    }
  }
}

/**
 * Reads the names of the collected records, one query per kind and never per entry, always within the caller's company
 * (another company's record keeps no name: the reader shows its id, as for a record deleted since).
 */
export async function readAuditNames(db: DbOrTx, companyId: number, references: AuditReferences): Promise<AuditNameBook> {
  const wanted = [...references.wanted];
  const read = (kind: AuditReferenceKind, ids: number[]) =>
    kind === 'trip'
      ? db
          .select({ id: trips.id, name: sql<string>`coalesce(${bookings.reference}, '#' || ${trips.id})` })
          .from(trips)
          .leftJoin(bookings, and(eq(bookings.id, trips.booking_id), eq(bookings.company_id, companyId)))
          .where(and(eq(trips.company_id, companyId), inArray(trips.id, ids)))
      : db
          .select({ id: nameSources[kind].id, name: nameSources[kind].name })
          .from(nameSources[kind].table)
          .where(and(eq(nameSources[kind].company, companyId), inArray(nameSources[kind].id, ids)));
  // Together on the database, one after another inside a transaction (one client).
  const answers = await readTogether(
    db,
    wanted.map(
      ([kind, ids]) =>
        () =>
          read(kind, [...ids]),
    ),
  );
  return new Map(wanted.map(([kind], index) => [kind, new Map((answers[index] ?? []).map((row) => [Number(row.id), row.name]))]));
}

/** The name of what `value` points at, when the field is a reference and its record is the company's. */
export function auditNameOf(book: AuditNameBook, entity: string, field: string, value: unknown): string | null {
  const kind = auditReferenceOf(entity, field);
  if (!kind || (typeof value !== 'number' && typeof value !== 'string')) return null;
  return book.get(kind)?.get(Number(value)) ?? null;
}

/** The name of the record an entry is about (a booking's reference, a driver's name), when its kind is named. */
export function auditRecordName(book: AuditNameBook, entity: string, entityId: string | number): string | null {
  const kind = namedAuditEntities[entity as keyof typeof namedAuditEntities];
  return kind ? (book.get(kind)?.get(Number(entityId)) ?? null) : null;
}

/** An entry's changes without the bookkeeping no reader shows. */
export function shownAuditChanges(
  entity: string,
  changes: Record<string, AuditChange>,
  { seesMoney }: { seesMoney: boolean },
): Record<string, AuditChange> {
  return Object.fromEntries(
    Object.entries(changes).filter(
      // Money fields (a total, a fee) only for a role with finance.view (contracts common/finance.ts).
      ([field]) => !isInternalAuditField(entity, field) && (seesMoney || auditFieldPresentation(entity, field)?.kind !== 'money'),
    ),
  );
}
