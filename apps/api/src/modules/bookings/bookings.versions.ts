import {
  type AuditChange,
  type BookingRestorableField,
  type BookingRestorePreview,
  type BookingUpdate,
  type BookingVersion,
  type BookingVersionState,
  bookingRestorableFields,
  bookingUpdateSchema,
  type RestoreField,
} from '@ps/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, bookings, locations, packages, users } from '../../db/schema/index.ts';
import { companyScope } from '../../kit/records.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { BookingCaller } from './bookings.pricing.ts';
import type { BookingTableRow } from './bookings.repository.ts';
import { assertOpen, type createBookingsService } from './bookings.service.ts';

/** The most versions one booking answers (its create and updates): far beyond what a booking is edited. */
export const BOOKING_VERSIONS_LIMIT = 500;

type State = Record<string, unknown>;

const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));
const same = (a: unknown, b: unknown) => JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));

/** The restorable fields of a state (the audit's values, or the row's now, instants as ISO strings). */
function editable(state: State): BookingVersionState {
  return Object.fromEntries(bookingRestorableFields.map((field) => [field, comparable(state[field])])) as BookingVersionState;
}

/** The fields where `restored` differs from `current`. */
function differences(current: BookingVersionState, restored: BookingVersionState): BookingRestorableField[] {
  return bookingRestorableFields.filter((field) => !same(current[field], restored[field]));
}

/**
 * A booking's versions and their restore (issue 9, section 5). A version is the booking after one audited
 * change of its row: the create entry's values overlaid by each later update's values up to that entry. A
 * restore is an edit through the bookings service's `update` (capacity, re-price, validation, closed bookings
 * refused, the audit entry), whose audit entry carries `restored_from`.
 */
export function createBookingVersionsService(db: Db, bookingsService: ReturnType<typeof createBookingsService>) {
  async function currentRow(caller: BookingCaller, id: number): Promise<BookingTableRow> {
    const row = await companyScope(db, bookings, caller.companyId).findById<BookingTableRow>(id);
    if (!row) throw notFound();
    return row;
  }

  /** Oldest first: each audited change of the booking's row with its state after it. */
  async function replay(caller: BookingCaller, id: number) {
    const rows = await db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        changes: auditLog.changes,
        actor_user_id: auditLog.actor_user_id,
        actor_name: users.name,
        created_at: auditLog.created_at,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actor_user_id))
      .where(and(eq(auditLog.company_id, caller.companyId), eq(auditLog.entity, 'booking'), eq(auditLog.entity_id, String(id))))
      .orderBy(asc(auditLog.id));
    const state: State = {};
    const versions: Array<{ row: (typeof rows)[number]; state: BookingVersionState }> = [];
    for (const row of rows) {
      if (row.action === 'delete') continue;
      for (const [field, change] of Object.entries(row.changes)) {
        if (field !== 'restored_from' && 'to' in change) state[field] = change.to;
      }
      versions.push({ row, state: editable(state) });
    }
    return versions;
  }

  /** The version named by `auditId`, and what restoring it asks of the update. 404 when it is not this booking's. */
  async function plan(caller: BookingCaller, id: number, auditId: number) {
    const row = await currentRow(caller, id);
    // A closed booking is refused as an edit of it would be; a checked-out one too, though an edit may still fix a typo on it:
    // its stay, route and car are what happened, and an earlier version would rewrite them (and re-price a finished stay).
    assertOpen(row);
    if (row.status === 'checked_out') throw new AppError(409, 'restore_checked_out');
    const version = (await replay(caller, id)).find((entry) => entry.row.id === auditId);
    if (!version) throw notFound();
    const current = editable(row);
    const fields = differences(current, version.state);
    if (fields.length === 0) throw new AppError(409, 'restore_no_change');
    const body = Object.fromEntries(fields.map((field) => [field, version.state[field]]));
    // The old values pass the edit's own checks (normalised as an edit's would be); a value today's rules refuse is a 400.
    const parsed = bookingUpdateSchema.safeParse(body);
    if (!parsed.success) {
      throw new AppError(400, 'validation_failed', {
        details: parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), code: issue.message, message: '' })),
      });
    }
    return { row, current, restored: version.state, fields, input: parsed.data as BookingUpdate };
  }

  /** Names of the locations and packages the fields name, for the preview. */
  async function namesOf(caller: BookingCaller, fields: RestoreField[]) {
    const idsOf = (names: string[]) =>
      fields
        .filter((field) => names.includes(field.field))
        .flatMap((field) => [field.current, field.restored].filter((v) => typeof v === 'number'));
    const locationIds = idsOf(['departure_id', 'arrival_id']) as number[];
    const packageIds = idsOf(['package_id']) as number[];
    const [locationRows, packageRows] = await Promise.all([
      locationIds.length === 0
        ? []
        : db
            .select({ id: locations.id, name: locations.name })
            .from(locations)
            .where(and(eq(locations.company_id, caller.companyId), inArray(locations.id, locationIds))),
      packageIds.length === 0
        ? []
        : db
            .select({ id: packages.id, name: packages.name })
            .from(packages)
            .where(and(eq(packages.company_id, caller.companyId), inArray(packages.id, packageIds))),
    ]);
    const locationNames = new Map(locationRows.map((row) => [row.id, row.name]));
    const packageNames = new Map(packageRows.map((row) => [row.id, row.name]));
    const nameOf = (field: string, value: unknown) => {
      if (typeof value !== 'number') return null;
      if (field === 'package_id') return packageNames.get(value) ?? null;
      if (field === 'departure_id' || field === 'arrival_id') return locationNames.get(value) ?? null;
      return null;
    };
    return fields.map((field) => ({
      ...field,
      current_name: nameOf(field.field, field.current),
      restored_name: nameOf(field.field, field.restored),
    }));
  }

  return {
    /** Newest first, at most `BOOKING_VERSIONS_LIMIT`; 404 when the booking is not the caller's company's. */
    async versions(caller: BookingCaller, id: number): Promise<BookingVersion[]> {
      const now = editable(await currentRow(caller, id));
      const versions = await replay(caller, id);
      return versions
        .reverse()
        .slice(0, BOOKING_VERSIONS_LIMIT)
        .map(({ row, state }) => {
          const restoredFrom = (row.changes.restored_from as AuditChange | undefined)?.to;
          return {
            audit_id: row.id,
            action: row.action === 'create' ? 'create' : 'update',
            created_at: row.created_at.toISOString(),
            actor_user_id: row.actor_user_id,
            actor_name: row.actor_name,
            restored_from: typeof restoredFrom === 'number' ? restoredFrom : null,
            is_current: differences(now, state).length === 0,
            changed_fields: row.action === 'create' ? [] : Object.keys(row.changes).filter((field) => field !== 'restored_from'),
            state,
          };
        });
    },

    /** What restoring the version would change, and the price before and after; writes nothing. The restore's errors. */
    async preview(caller: BookingCaller, id: number, auditId: number): Promise<BookingRestorePreview> {
      const { row, current, restored, fields, input } = await plan(caller, id, auditId);
      const price = await bookingsService.reprice(caller, id, input);
      const changed = fields.map((field) => ({
        field,
        current: current[field],
        restored: restored[field],
        current_name: null,
        restored_name: null,
      }));
      return { audit_id: auditId, fields: await namesOf(caller, changed), price, currency: row.currency };
    },

    /** Applies the version's editable fields through the bookings service's update; audited with `restored_from`. */
    async restore(caller: BookingCaller, id: number, auditId: number) {
      const { input } = await plan(caller, id, auditId);
      return bookingsService.update(caller, id, input, { restoredFrom: auditId });
    },
  };
}
