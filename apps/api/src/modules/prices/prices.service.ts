import type {
  BandMonth,
  BandMonthCreate,
  BandMonthGrid,
  BandMonthGridQuery,
  BandMonthGridSave,
  BandMonthListQuery,
  BandMonthUpdate,
  FieldError,
  GridSaveResult,
  LocationPrice,
  LocationPriceCreate,
  LocationPriceListQuery,
  LocationPriceUpdate,
  PriceCopy,
  PriceCopyResult,
  PriceGrid,
  PriceGridCell,
  PriceGridQuery,
  PriceGridSave,
} from '@ps/contracts';
import { type Db, type DbOrTx, readTogether } from '../../db/client.ts';
import { bandMonths, locationPrices } from '../../db/schema/index.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { type RecordWriter, writeRecords } from '../../kit/records.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { companyCrudService, recordOf } from '../../kit/service.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  airportExists,
  type BandMonthRow,
  bandsByIds,
  bandsOfType,
  createBandMonthsRepository,
  createLocationPricesRepository,
  type LocationPriceRow,
  locationsByIds,
  type Route,
} from './prices.repository.ts';

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

/** 400 naming each field, with a message key per field. */
const fieldsError = (details: Array<{ field: string; code: string }>) =>
  new AppError(400, 'validation_failed', { details: details.map((detail) => ({ ...detail, message: '' })) });

// ---- band-months ---------------------------------------------------------------------------------------

const bandMonthWrites = {
  entity: 'band_month',
  translate: constraintTranslator({
    table: 'band_months',
    unique: { band_months_company_band_month_unique: { code: 'band_month_taken', field: 'month' } },
    references: ['band_id'],
    checks: { band_months_month_range: 'month', band_months_price_not_negative: 'price' },
    inUse: 'conflict',
  }),
};

export const toBandMonth = (row: BandMonthRow): BandMonth => recordOf(row);

/** A company's band-month defaults: CRUD through the kit; a band of another company is a 400 on `band_id`. */
export const createBandMonthsService = (db: Db) =>
  companyCrudService<typeof bandMonths.$inferInsert, BandMonthRow, BandMonth, BandMonthListQuery, BandMonthCreate, BandMonthUpdate>(
    db,
    bandMonths,
    { writes: bandMonthWrites, reader: createBandMonthsRepository, toRecord: toBandMonth },
  );

// ---- location prices -----------------------------------------------------------------------------------

export const locationPriceWrites = {
  entity: 'location_price',
  translate: constraintTranslator({
    table: 'location_prices',
    unique: { location_prices_route_band_month_unique: { code: 'location_price_taken', field: 'month' } },
    references: ['airport_id', 'departure_id', 'arrival_id', 'band_id'],
    checks: { location_prices_month_range: 'month', location_prices_price_not_negative: 'price' },
    inUse: 'conflict',
  }),
};

export const toLocationPrice = (row: LocationPriceRow): LocationPrice => recordOf(row);

/**
 * The departure and the arrival must be locations of the price's airport: 400 on each field that is not
 * (a location of another company is not one of the company's either). `prefix` names nested fields
 * (`from.` / `to.` of a copy).
 */
async function routeProblems(
  tx: DbOrTx,
  companyId: number,
  airportId: number,
  route: Route,
  prefix = '',
): Promise<Array<{ field: string; code: string }>> {
  const found = await locationsByIds(tx, companyId, [route.departure_id, route.arrival_id]);
  const problems: Array<{ field: string; code: string }> = [];
  for (const field of ['departure_id', 'arrival_id'] as const) {
    const location = found.find((row) => row.id === route[field]);
    if (!location || location.airport_id !== airportId) problems.push({ field: `${prefix}${field}`, code: 'validation.locationOfAirport' });
  }
  return problems;
}

export const createLocationPricesService = (db: Db) =>
  companyCrudService<
    typeof locationPrices.$inferInsert,
    LocationPriceRow,
    LocationPrice,
    LocationPriceListQuery,
    LocationPriceCreate,
    LocationPriceUpdate
  >(db, locationPrices, {
    writes: locationPriceWrites,
    reader: createLocationPricesRepository,
    toRecord: toLocationPrice,
    async check(records, candidate, _id, actor) {
      const airportId = candidate.airport_id as number;
      // Another company's airport is refused by the database (400 on airport_id); check the route only then.
      if (!(await airportExists(records.tx, actor.companyId as number, airportId))) return;
      const problems = await routeProblems(records.tx, actor.companyId as number, airportId, {
        departure_id: candidate.departure_id as number,
        arrival_id: candidate.arrival_id as number,
      });
      if (problems.length > 0) throw fieldsError(problems);
    },
  });

// ---- the price grid of a route, the copy of a season, the defaults grid ------------------------------

/** `band:month` (`every` for the every-month price): one cell of a grid. */
const cellKey = (bandId: number, month: number | null) => `${bandId}:${month ?? 'every'}`;

/** The route must be the company's (404 otherwise: another company's airport or locations are not found). */
export async function requireRoute(tx: DbOrTx, companyId: number, airportId: number, routes: Array<{ route: Route; prefix: string }>) {
  if (!(await airportExists(tx, companyId, airportId))) throw notFound();
  const ids = routes.flatMap(({ route }) => [route.departure_id, route.arrival_id]);
  const found = await locationsByIds(tx, companyId, ids);
  if (ids.some((id) => !found.some((row) => row.id === id))) throw notFound();
  const problems = (
    await readTogether(
      tx,
      routes.map(
        ({ route, prefix }) =>
          () =>
            routeProblems(tx, companyId, airportId, route, prefix),
      ),
    )
  ).flat();
  if (problems.length > 0) throw fieldsError(problems);
}

/** Cells named twice, and bands that are not the company's: 400 on `cells.N.month` / `cells.N.band_id`. */
async function cellProblems(tx: DbOrTx, companyId: number, cells: Array<{ band_id: number; month: number | null }>) {
  const bandIds = [...new Set(cells.map((cell) => cell.band_id))];
  const known = new Set((await bandsByIds(tx, companyId, bandIds)).map((band) => band.id));
  const seen = new Set<string>();
  const problems: Array<{ field: string; code: string }> = [];
  cells.forEach((cell, index) => {
    if (!known.has(cell.band_id)) problems.push({ field: `cells.${index}.band_id`, code: 'validation.invalidValue' });
    const key = cellKey(cell.band_id, cell.month);
    if (seen.has(key)) problems.push({ field: `cells.${index}.month`, code: 'validation.duplicateCell' });
    seen.add(key);
  });
  return problems;
}

/**
 * Saves cells against the rows that exist: a price creates or changes the row, null removes it, an equal
 * price changes nothing. Every write is audited by the kit's writer, in the caller's one transaction.
 */
async function applyCells<Insert>(
  records: RecordWriter<Insert>,
  existing: Array<{ id: number; band_id: number; month: number | null; price: number }>,
  cells: Array<{ band_id: number; month: number | null; price: number | null }>,
  newRow: (cell: {
    band_id: number;
    month: number | null;
    price: number;
  }) => Omit<Insert, 'id' | 'company_id' | 'created_at' | 'updated_at'>,
): Promise<GridSaveResult> {
  const byKey = new Map(existing.map((row) => [cellKey(row.band_id, row.month), row]));
  const result = { created: 0, updated: 0, removed: 0 };
  for (const cell of cells) {
    const row = byKey.get(cellKey(cell.band_id, cell.month));
    if (cell.price === null) {
      if (!row) continue;
      await records.remove(row.id);
      result.removed++;
    } else if (!row) {
      await records.create(newRow({ band_id: cell.band_id, month: cell.month, price: cell.price }));
      result.created++;
    } else if (row.price !== cell.price) {
      await records.update(row.id, { price: cell.price } as never);
      result.updated++;
    }
  }
  return result;
}

/**
 * A route's grid save inside the caller's transaction: the route must be the company's, each cell's band too and
 * no cell named twice (400), then `applyCells`. The grid save and a price list's restore both write through it.
 */
export async function saveRouteCells(
  records: RecordWriter<typeof locationPrices.$inferInsert>,
  actor: CompanyActor,
  body: PriceGridSave,
): Promise<GridSaveResult> {
  const route = { departure_id: body.departure_id, arrival_id: body.arrival_id };
  await requireRoute(records.tx, actor.companyId, body.airport_id, [{ route, prefix: '' }]);
  const problems = await cellProblems(records.tx, actor.companyId, body.cells);
  if (problems.length > 0) throw fieldsError(problems);
  const existing = await createLocationPricesRepository(records.tx, actor.companyId).ofRoute(route);
  return applyCells(records, existing, body.cells, (cell) => ({ airport_id: body.airport_id, ...route, ...cell }));
}

export function createPriceGridService(db: Db) {
  return {
    /** Bands of the type down, months across: the route's own prices beside the band-month defaults. */
    async routeGrid(actor: CompanyActor, query: PriceGridQuery): Promise<PriceGrid> {
      const route = { departure_id: query.departure_id, arrival_id: query.arrival_id };
      await requireRoute(db, actor.companyId, query.airport_id, [{ route, prefix: '' }]);
      const bands = await bandsOfType(db, actor.companyId, query.type);
      const bandIds = bands.map((band) => band.id);
      const [prices, defaults] = await Promise.all([
        createLocationPricesRepository(db, actor.companyId).ofRoute(route),
        createBandMonthsRepository(db, actor.companyId).ofBands(bandIds),
      ]);
      const own = new Map(prices.map((row) => [cellKey(row.band_id, row.month), row.price]));
      const fallback = new Map(defaults.map((row) => [cellKey(row.band_id, row.month), row.price]));
      return {
        airport_id: query.airport_id,
        departure_id: query.departure_id,
        arrival_id: query.arrival_id,
        type: query.type,
        rows: bands.map((band) => {
          const every = own.get(cellKey(band.id, null)) ?? null;
          return {
            band,
            every_month_price: every,
            cells: MONTHS.map((month): PriceGridCell => {
              const monthPrice = own.get(cellKey(band.id, month)) ?? null;
              const defaultPrice = fallback.get(cellKey(band.id, month)) ?? null;
              const ownPrice = monthPrice ?? every;
              const source = monthPrice !== null ? 'month' : every !== null ? 'every_month' : defaultPrice !== null ? 'default' : null;
              return {
                month,
                month_price: monthPrice,
                own_price: ownPrice,
                default_price: defaultPrice,
                price: ownPrice ?? defaultPrice,
                source,
              };
            }),
          };
        }),
      };
    },

    /** Saves every cell of a route's grid in one transaction; any bad cell: 400 and nothing written. */
    saveRouteGrid: (actor: CompanyActor, body: PriceGridSave): Promise<GridSaveResult> =>
      writeRecords(db, locationPrices, actor, locationPriceWrites, (records) => saveRouteCells(records, actor, body)),

    /**
     * Copies every price of one route to another route of the airport in one transaction. A target price
     * for the same band and month is overwritten with `replace`, else the copy is refused (409) naming it.
     */
    copy: (actor: CompanyActor, body: PriceCopy): Promise<PriceCopyResult> =>
      writeRecords(db, locationPrices, actor, locationPriceWrites, async (records) => {
        await requireRoute(records.tx, actor.companyId, body.airport_id, [
          { route: body.from, prefix: 'from.' },
          { route: body.to, prefix: 'to.' },
        ]);
        if (body.from.departure_id === body.to.departure_id && body.from.arrival_id === body.to.arrival_id) {
          throw fieldsError([{ field: 'to', code: 'validation.sameRoute' }]);
        }
        const repository = createLocationPricesRepository(records.tx, actor.companyId);
        const source = await repository.ofRoute(body.from);
        const target = await repository.ofRoute(body.to);
        const taken = new Set(target.map((row) => cellKey(row.band_id, row.month)));
        const conflicts = source.filter((row) => taken.has(cellKey(row.band_id, row.month)));
        if (conflicts.length > 0 && !body.replace) {
          const first = [...conflicts].sort((a, b) => a.band_id - b.band_id || (a.month ?? 0) - (b.month ?? 0))[0] as (typeof conflicts)[0];
          const [band] = await bandsByIds(records.tx, actor.companyId, [first.band_id]);
          throw new AppError(409, 'location_price_copy_conflict', {
            vars: { count: conflicts.length, band: band?.name ?? String(first.band_id), month: first.month ?? '1-12' },
            details: [{ field: 'to', code: 'errors.location_price_taken', message: '' } satisfies FieldError],
          });
        }
        await applyCells(records, target, source, (cell) => ({ airport_id: body.airport_id, ...body.to, ...cell }));
        return { copied: source.length, replaced: conflicts.length };
      }),

    /** The band-month defaults of the company's active bands of a type: bands down, months across. */
    async defaultsGrid(actor: CompanyActor, query: BandMonthGridQuery): Promise<BandMonthGrid> {
      const bands = await bandsOfType(db, actor.companyId, query.type);
      const defaults = await createBandMonthsRepository(db, actor.companyId).ofBands(bands.map((band) => band.id));
      const price = new Map(defaults.map((row) => [cellKey(row.band_id, row.month), row.price]));
      return {
        type: query.type,
        rows: bands.map((band) => ({ band, cells: MONTHS.map((month) => ({ month, price: price.get(cellKey(band.id, month)) ?? null })) })),
      };
    },

    /** Saves default cells in one transaction; null removes a default. Any bad cell: 400, nothing written. */
    saveDefaultsGrid: (actor: CompanyActor, body: BandMonthGridSave): Promise<GridSaveResult> =>
      writeRecords(db, bandMonths, actor, bandMonthWrites, async (records) => {
        const problems = await cellProblems(records.tx, actor.companyId, body.cells);
        if (problems.length > 0) throw fieldsError(problems);
        const bandIds = [...new Set(body.cells.map((cell) => cell.band_id))];
        const existing = await createBandMonthsRepository(records.tx, actor.companyId).ofBands(bandIds);
        return applyCells(records, existing, body.cells, (cell) => ({
          band_id: cell.band_id,
          month: cell.month as number,
          price: cell.price,
        }));
      }),
  };
}
