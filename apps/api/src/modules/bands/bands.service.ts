import type { Band, BandCreate, BandListQuery, BandType, BandUpdate } from '@ps/contracts';
import { eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bands } from '../../db/schema/index.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import type { RecordWriter } from '../../kit/records.ts';
import { companyCrudService, recordOf } from '../../kit/service.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { type BandRow, createBandsRepository } from './bands.repository.ts';

export const toBand = (row: BandRow): Band => recordOf(row);

const bandWrites = {
  entity: 'band',
  translate: constraintTranslator({
    table: 'bands',
    checks: { bands_days_range: 'max_days', bands_price_limits: 'ceiling_price' },
    // A band-month or a location price that uses the band restricts its deletion.
    inUse: 'band_in_use',
  }),
};

type BandCandidate = { type: BandType; min_days: number; max_days: number; status: number };

/**
 * The field to name when a band overlaps: the changed field that made it overlap (a reactivation names
 * `status`, a type change `type`), else the end of the range that falls inside the other band.
 */
function overlapField(candidate: BandCandidate, other: BandRow, before: BandRow | undefined): string {
  if (before) {
    const daysChanged = before.min_days !== candidate.min_days || before.max_days !== candidate.max_days;
    if (!daysChanged && before.type !== candidate.type) return 'type';
    if (!daysChanged && before.status !== candidate.status) return 'status';
  }
  const inside = (day: number) => other.min_days <= day && day <= other.max_days;
  if (inside(candidate.min_days)) return 'min_days';
  if (inside(candidate.max_days)) return 'max_days';
  return 'min_days';
}

/**
 * Active bands of one type never overlap (`min_days..max_days` inclusive), so a stay falls in one band at
 * most. Runs in the write's transaction: an advisory lock per company and type makes concurrent writes of
 * that type queue up, so two requests cannot both see "no overlap" and both write.
 */
async function checkBand(records: RecordWriter<typeof bands.$inferInsert>, raw: Record<string, unknown>, id: number | null) {
  const candidate = raw as BandCandidate;
  if (candidate.min_days > candidate.max_days) {
    throw new AppError(400, 'validation_failed', { details: [{ field: 'max_days', code: 'validation.daysOrder', message: '' }] });
  }
  if (candidate.status !== 1) return;
  const before =
    id === null
      ? undefined
      : (
          (await records.tx
            .select()
            .from(bands)
            .where(records.owned(eq(bands.id, id)))) as BandRow[]
        )[0];
  await records.tx.execute(sql`SELECT pg_advisory_xact_lock(${records.companyId ?? 0}::int, hashtext(${candidate.type}))`);
  const [other] = (await records.tx
    .select()
    .from(bands)
    .where(
      records.owned(
        eq(bands.type, candidate.type),
        eq(bands.status, 1),
        lte(bands.min_days, candidate.max_days),
        gte(bands.max_days, candidate.min_days),
        id === null ? undefined : ne(bands.id, id),
      ),
    )
    .limit(1)) as BandRow[];
  if (other) throw conflict('band_overlap', overlapField(candidate, other, before));
}

/** A company's bands: CRUD through the kit, with the overlap rule in its `check` hook. */
export const createBandsService = (db: Db) =>
  companyCrudService<typeof bands.$inferInsert, BandRow, Band, BandListQuery, BandCreate, BandUpdate>(db, bands, {
    writes: bandWrites,
    reader: createBandsRepository,
    toRecord: toBand,
    check: checkBand,
  });
