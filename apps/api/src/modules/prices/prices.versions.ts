import type {
  AuditChange,
  BandType,
  PriceListCell,
  PriceListChange,
  PriceListRestorePreview,
  PriceListRestoreResult,
  PriceListVersion,
} from '@ps/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { auditLog, bands, locationPrices, users } from '../../db/schema/index.ts';
import { writeRecords } from '../../kit/records.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { locationPriceWrites, requireRoute, saveRouteCells } from './prices.service.ts';

/** The most versions one route's price list answers. */
export const PRICE_LIST_VERSIONS_LIMIT = 200;

/** A route of an airport: the price list is its own prices (location prices). */
export interface PriceListRoute {
  airport_id: number;
  departure_id: number;
  arrival_id: number;
}

interface Cell {
  band_id: number;
  month: number | null;
  price: number;
}
type State = Record<string, unknown>;
const cellKey = (cell: { band_id: number; month: number | null }) => `${cell.band_id}:${cell.month ?? 'every'}`;

interface RawVersion {
  audit_id: number;
  created_at: Date;
  actor_user_id: number | null;
  actor_name: string | null;
  restored_from: number | null;
  changes: Array<{ band_id: number; month: number | null; from: number | null; to: number | null }>;
  cells: Cell[];
}

/**
 * A route's price list, version by version, from the audit log of its location prices. Every price that was
 * ever on the route has its departure in one of its audit entries (a create's value or an update's before or
 * after), so those prices' entries are replayed in order; the entries of one save (one transaction: the same
 * timestamp and actor) make one version, kept when the route's list changed. Oldest first.
 */
async function replay(db: DbOrTx, companyId: number, route: PriceListRoute): Promise<RawVersion[]> {
  const departure = String(route.departure_id);
  const everOnDeparture = db
    .select({ entity_id: auditLog.entity_id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.company_id, companyId),
        eq(auditLog.entity, 'location_price'),
        sql`(${auditLog.changes} -> 'departure_id' ->> 'to' = ${departure} or ${auditLog.changes} -> 'departure_id' ->> 'from' = ${departure})`,
      ),
    );
  const rows = await db
    .select({
      id: auditLog.id,
      entity_id: auditLog.entity_id,
      action: auditLog.action,
      changes: auditLog.changes,
      actor_user_id: auditLog.actor_user_id,
      actor_name: users.name,
      created_at: auditLog.created_at,
      // Exact (microseconds): the entries of one transaction share it.
      at: sql<string>`${auditLog.created_at}::text`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actor_user_id))
    .where(and(eq(auditLog.company_id, companyId), eq(auditLog.entity, 'location_price'), inArray(auditLog.entity_id, everOnDeparture)))
    .orderBy(asc(auditLog.id));

  const prices = new Map<string, State>();
  const onRoute = (state: State | undefined) =>
    state !== undefined && state.departure_id === route.departure_id && state.arrival_id === route.arrival_id;
  const cellsNow = (): Cell[] =>
    [...prices.values()]
      .filter(onRoute)
      .map((state) => ({ band_id: state.band_id as number, month: (state.month as number | null) ?? null, price: state.price as number }))
      .sort((a, b) => a.band_id - b.band_id || (a.month ?? 0) - (b.month ?? 0));

  const versions: RawVersion[] = [];
  let previous = new Map<string, number>();
  let index = 0;
  while (index < rows.length) {
    const first = rows[index] as (typeof rows)[number];
    let last = first;
    // One save: consecutive entries of the same transaction time and actor.
    while (index < rows.length && rows[index]?.at === first.at && rows[index]?.actor_user_id === first.actor_user_id) {
      const row = rows[index] as (typeof rows)[number];
      last = row;
      if (row.action === 'delete') prices.delete(row.entity_id);
      else {
        const state: State = { ...(prices.get(row.entity_id) ?? {}) };
        for (const [field, change] of Object.entries(row.changes)) {
          if (field !== 'restored_from' && 'to' in change) state[field] = change.to;
        }
        prices.set(row.entity_id, state);
      }
      index++;
    }
    const cells = cellsNow();
    const now = new Map(cells.map((cell) => [cellKey(cell), cell.price]));
    const changes: RawVersion['changes'] = [];
    for (const key of new Set([...previous.keys(), ...now.keys()])) {
      const from = previous.get(key) ?? null;
      const to = now.get(key) ?? null;
      if (from === to) continue;
      const [band, month] = key.split(':') as [string, string];
      changes.push({ band_id: Number(band), month: month === 'every' ? null : Number(month), from, to });
    }
    previous = now;
    if (changes.length === 0) continue;
    const restoredFrom = (last.changes.restored_from as AuditChange | undefined)?.to;
    versions.push({
      audit_id: last.id,
      created_at: last.created_at,
      actor_user_id: last.actor_user_id,
      actor_name: last.actor_name,
      restored_from: typeof restoredFrom === 'number' ? restoredFrom : null,
      changes: changes.sort((a, b) => a.band_id - b.band_id || (a.month ?? 0) - (b.month ?? 0)),
      cells,
    });
  }
  return versions;
}

/** The route's prices now. */
async function currentCells(db: DbOrTx, companyId: number, route: PriceListRoute): Promise<Cell[]> {
  return db
    .select({ band_id: locationPrices.band_id, month: locationPrices.month, price: locationPrices.price })
    .from(locationPrices)
    .where(
      and(
        eq(locationPrices.company_id, companyId),
        eq(locationPrices.departure_id, route.departure_id),
        eq(locationPrices.arrival_id, route.arrival_id),
      ),
    );
}

/** Each cell whose price differs between two lists (null: no price of the route's own). */
function cellDifferences(
  from: Cell[],
  to: Cell[],
): Array<{ band_id: number; month: number | null; from: number | null; to: number | null }> {
  const before = new Map(from.map((cell) => [cellKey(cell), cell]));
  const after = new Map(to.map((cell) => [cellKey(cell), cell]));
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys]
    .map((key) => {
      const cell = (before.get(key) ?? after.get(key)) as Cell;
      return { band_id: cell.band_id, month: cell.month, from: before.get(key)?.price ?? null, to: after.get(key)?.price ?? null };
    })
    .filter((change) => change.from !== change.to)
    .sort((a, b) => a.band_id - b.band_id || (a.month ?? 0) - (b.month ?? 0));
}

/** Band names and types (deleted bands' too, where the row is still there; else `#id`). */
async function bandNames(db: DbOrTx, companyId: number, ids: number[]) {
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: bands.id, name: bands.name, type: bands.type })
          .from(bands)
          .where(and(eq(bands.company_id, companyId), inArray(bands.id, [...new Set(ids)])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return <T extends { band_id: number }>(item: T): T & { band_name: string; band_type: BandType } => {
    const band = byId.get(item.band_id);
    return { ...item, band_name: band?.name ?? `#${item.band_id}`, band_type: (band?.type ?? 'parking') as BandType };
  };
}

/**
 * A route's price list versions and their restore (issue 9, section 5). A restore saves the version's list
 * through the grid save (`saveRouteCells`: the route and bands the company's, one price per band and month,
 * the unique constraint behind it), in one transaction, each write audited with `restored_from`.
 */
export function createPriceListVersionsService(db: Db) {
  async function versionOf(tx: DbOrTx, companyId: number, route: PriceListRoute, auditId: number) {
    const version = (await replay(tx, companyId, route)).find((entry) => entry.audit_id === auditId);
    if (!version) throw notFound();
    return version;
  }

  return {
    /** Newest first; 404 when the route is not the company's. */
    async versions(actor: CompanyActor, route: PriceListRoute): Promise<PriceListVersion[]> {
      await requireRoute(db, actor.companyId, route.airport_id, [{ route, prefix: '' }]);
      const [versions, now] = await Promise.all([replay(db, actor.companyId, route), currentCells(db, actor.companyId, route)]);
      const named = await bandNames(
        db,
        actor.companyId,
        versions.flatMap((version) => version.cells.map((cell) => cell.band_id).concat(version.changes.map((change) => change.band_id))),
      );
      return versions
        .reverse()
        .slice(0, PRICE_LIST_VERSIONS_LIMIT)
        .map((version) => ({
          ...version,
          created_at: version.created_at.toISOString(),
          is_current: cellDifferences(now, version.cells).length === 0,
          changes: version.changes.map(named) as PriceListChange[],
          cells: version.cells.map(named) as PriceListCell[],
        }));
    },

    /** Each price the restore would change, now -> restored; writes nothing. 404 for a version not of this route. */
    async preview(actor: CompanyActor, route: PriceListRoute, auditId: number): Promise<PriceListRestorePreview> {
      await requireRoute(db, actor.companyId, route.airport_id, [{ route, prefix: '' }]);
      const version = await versionOf(db, actor.companyId, route, auditId);
      const changes = cellDifferences(await currentCells(db, actor.companyId, route), version.cells);
      if (changes.length === 0) throw new AppError(409, 'restore_no_change');
      const named = await bandNames(
        db,
        actor.companyId,
        changes.map((change) => change.band_id),
      );
      return { audit_id: auditId, changes: changes.map(named) };
    },

    /** Saves the version's list over the route's (created, changed, removed), in one transaction; audited with its origin. */
    restore: (actor: CompanyActor, route: PriceListRoute, auditId: number): Promise<PriceListRestoreResult> =>
      writeRecords(
        db,
        locationPrices,
        actor,
        { ...locationPriceWrites, auditNote: { restored_from: { to: auditId } } },
        async (records) => {
          await requireRoute(records.tx, actor.companyId, route.airport_id, [{ route, prefix: '' }]);
          const version = await versionOf(records.tx, actor.companyId, route, auditId);
          const changes = cellDifferences(await currentCells(records.tx, actor.companyId, route), version.cells);
          if (changes.length === 0) throw new AppError(409, 'restore_no_change');
          return saveRouteCells(records, actor, {
            ...route,
            cells: changes.map((change) => ({ band_id: change.band_id, month: change.month, price: change.to })),
          });
        },
      ),
  };
}
