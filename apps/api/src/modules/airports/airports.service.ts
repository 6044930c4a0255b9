import type { Airport, AirportCreate, AirportListQuery, AirportUpdate, CoreAirport, CoreAirportListQuery } from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, invalidField, notFound } from '../../lib/errors.ts';
import { constraintOf, PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { type AirportRow, createAirportsRepository } from './airports.repository.ts';

const ENTITY = 'airport';
/** SQLSTATE newer PostgreSQL (and PGlite, 17) gives for an ON DELETE RESTRICT reference; 15 says 23503. */
const PG_RESTRICT_VIOLATION = '23001';

export function toAirport(row: AirportRow): Airport {
  return { ...row, status: row.status === 1 ? 1 : 0, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

/**
 * What the database refuses, said in the user's terms: a taken IATA code (unique per company), an unknown
 * country or core airport, an airport that other records still use.
 */
function translateConstraint(error: unknown): AppError | undefined {
  const code = pgErrorCode(error);
  const constraint = constraintOf(error);
  if (code === PG_UNIQUE_VIOLATION && constraint === 'airports_company_iata_unique') return conflict('airport_iata_taken', 'iata_code');
  if (code === PG_RESTRICT_VIOLATION) return new AppError(409, 'airport_in_use');
  if (code === PG_FOREIGN_KEY_VIOLATION) {
    if (constraint?.includes('country_id')) return invalidField('country_id');
    if (constraint?.includes('core_airport_id')) return invalidField('core_airport_id');
    return new AppError(409, 'airport_in_use');
  }
  return undefined;
}

/** Airport rules: every call is scoped to the caller's company, and every change is audited in its transaction. */
export class AirportsService {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async list(companyId: number, query: AirportListQuery): Promise<{ items: Airport[]; total: number }> {
    const { rows, total } = await createAirportsRepository(this.#db).list(companyId, query);
    return { items: rows.map(toAirport), total };
  }

  async get(companyId: number, id: number): Promise<Airport> {
    const row = await createAirportsRepository(this.#db).findById(companyId, id);
    if (!row) throw notFound();
    return toAirport(row);
  }

  async create(caller: Caller, companyId: number, input: AirportCreate): Promise<Airport> {
    return this.#write(async (airports, tx) => {
      const id = await airports.insert(companyId, input);
      const [row, created] = await Promise.all([airports.findByIdForUpdate(companyId, id), airports.findById(companyId, id)]);
      if (!created) throw notFound();
      await recordAudit(tx, { companyId, actorUserId: caller.userId, entity: ENTITY, entityId: id, action: 'create', after: row });
      return toAirport(created);
    });
  }

  async update(caller: Caller, companyId: number, id: number, input: AirportUpdate): Promise<Airport> {
    return this.#write(async (airports, tx) => {
      const before = await airports.findByIdForUpdate(companyId, id);
      if (!before) throw notFound();
      await airports.update(companyId, id, input);
      const [after, updated] = await Promise.all([airports.findByIdForUpdate(companyId, id), airports.findById(companyId, id)]);
      if (!updated) throw notFound();
      await recordAudit(tx, { companyId, actorUserId: caller.userId, entity: ENTITY, entityId: id, action: 'update', before, after });
      return toAirport(updated);
    });
  }

  async delete(caller: Caller, companyId: number, id: number): Promise<void> {
    await this.#write(async (airports, tx) => {
      const before = await airports.findByIdForUpdate(companyId, id);
      if (!before) throw notFound();
      await airports.delete(companyId, id);
      await recordAudit(tx, { companyId, actorUserId: caller.userId, entity: ENTITY, entityId: id, action: 'delete', before });
    });
  }

  async coreList(query: CoreAirportListQuery): Promise<{ items: CoreAirport[]; total: number }> {
    const { rows, total } = await createAirportsRepository(this.#db).coreList(query);
    return { items: rows.map((row) => ({ ...row, status: row.status === 1 ? 1 : 0 })), total };
  }

  /** Runs a change in one transaction and turns constraint violations into the user's error. */
  async #write<T>(work: (airports: ReturnType<typeof createAirportsRepository>, tx: Db) => Promise<T>): Promise<T> {
    try {
      return await this.#db.transaction((tx) => work(createAirportsRepository(tx), tx as unknown as Db));
    } catch (error) {
      throw translateConstraint(error) ?? error;
    }
  }
}
