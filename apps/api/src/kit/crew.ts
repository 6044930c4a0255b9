import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { drivers } from '../db/schema/index.ts';
import { forbidden } from '../lib/errors.ts';
import { callerCompanyId, requireCaller } from '../plugins/auth.ts';
import type { CompanyActor } from './routes.ts';

/**
 * Who acts on trips and attendance: an admin of the company (every driver's rows, `driverId` null) or a
 * driver (`driverId` their own profile, and only their own rows: another driver's are a 404, as another
 * company's are).
 */
export interface CrewActor extends CompanyActor {
  driverId: number | null;
}

/**
 * The crew actor of a signed-in request. A driver whose profile is gone (deleted) is refused (403): their
 * sign-in outlives nothing else.
 */
export async function crewActorOf(db: DbOrTx, request: FastifyRequest): Promise<CrewActor> {
  const caller = requireCaller(request);
  const companyId = callerCompanyId(request);
  if (caller.role !== 'driver') return { companyId, actorUserId: caller.userId, driverId: null };
  const [profile] = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.company_id, companyId), eq(drivers.user_id, caller.userId), isNull(drivers.deleted_at)))
    .limit(1);
  if (!profile) throw forbidden();
  return { companyId, actorUserId: caller.userId, driverId: profile.id };
}

/**
 * The condition every read and write of a driver's rows adds beside its company's: for a driver, their own
 * rows only; for an admin, none. Repositories take a `CrewActor`, never a bare company id, so a route cannot
 * forget it.
 */
export function ownRows(driverColumn: PgColumn, actor: Pick<CrewActor, 'driverId'>): SQL | undefined {
  return actor.driverId == null ? undefined : eq(driverColumn, actor.driverId);
}
