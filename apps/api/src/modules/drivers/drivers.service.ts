import type {
  AdminStatusUpdate,
  CompanyPerson,
  CompanyPersonListQuery,
  Driver,
  DriverAddBody,
  DriverListQuery,
  DriverUpdate,
} from '@ps/contracts';
import { eq } from 'drizzle-orm';
import { type Db, type DbOrTx, readTogether } from '../../db/client.ts';
import { drivers, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import { requestDay } from '../../kit/day.ts';
import { writeRecords } from '../../kit/records.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { assertNewPasswordAllowed, hashPassword } from '../../lib/passwords.ts';
import { notifyAccessChanged } from '../../plugins/access.ts';
import { createAuthRepository, phoneColumns } from '../auth/auth.repository.ts';
import type { RequestMeta } from '../auth/auth.service.ts';
import { userConflict } from '../auth/company-users.service.ts';
import { findLicenceType } from '../driver-documents/driver-documents.repository.ts';
import { ratesInForce } from '../driver-rates/driver-rates.repository.ts';
import { lockPersonToActOn } from '../roles/standing.ts';
import { eligibilityOn } from './drivers.eligibility.ts';
import { createDriversRepository, type DriverRow } from './drivers.repository.ts';

const driverWrites = { entity: 'driver', translate: userConflict };

/**
 * A licence expiry typed on the profile (a new one, or a change, clearing it included): one source of truth, so where
 * the company has a licence document type the date is its documents' (driver-documents keeps it) and cannot be typed;
 * and a new date must not have passed already.
 */
async function checkTypedLicenceExpiry(tx: DbOrTx, companyId: number, expiry: string | null, day: string): Promise<void> {
  if (await findLicenceType(tx, companyId)) throw fieldError('licence_expiry_from_document', 'licence_expiry');
  if (expiry !== null && expiry < day) throw fieldError('expiry_in_past', 'licence_expiry');
}

/** Driver rows as the contract answers them, with each one's eligibility and hourly rate on `day`. */
async function toDrivers(db: DbOrTx, companyId: number, rows: DriverRow[], day: string): Promise<Driver[]> {
  const ids = rows.map((row) => row.id);
  const [eligibility, rates] = await readTogether(db, [
    () => eligibilityOn(db, companyId, rows, day),
    () => ratesInForce(db, companyId, ids, day),
  ]);
  return rows.map((row) => ({
    ...row,
    status: row.status === 1 ? 1 : 0,
    admin_status: row.admin_status === 1 ? 1 : 0,
    price_per_hour: rates.get(row.id)?.price_per_hour ?? null,
    eligibility: eligibility.get(row.id) ?? { eligible: false, reasons: [] },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }));
}

type PersonRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createDriversRepository>['person']>>>;

function toPerson(row: PersonRow): CompanyPerson {
  return {
    ...row,
    role: row.role === 'driver' ? 'driver' : 'admin',
    admin_status: row.admin_status === 1 ? 1 : 0,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * Drivers (issue 8, section 1): the profile and its sign-in account change together, in one transaction
 * with their audit entries; removing a driver or turning their sign-in off ends their sessions at once.
 */
export function createDriversService(db: Db) {
  async function read(tx: DbOrTx, companyId: number, id: number, day: string): Promise<Driver> {
    const row = await createDriversRepository(tx, companyId).get(id);
    if (!row) throw notFound();
    const [driver] = await toDrivers(tx, companyId, [row], day);
    if (!driver) throw notFound();
    return driver;
  }

  /** The driver's row locked for the change, with its user; a removed driver is a 404. */
  async function lockDriver(records: { lock(id: number): Promise<Record<string, unknown>> }, id: number) {
    const row = (await records.lock(id)) as typeof drivers.$inferSelect;
    if (row.deleted_at !== null) throw notFound();
    return row;
  }

  return {
    async list(actor: CompanyActor, query: DriverListQuery): Promise<{ items: Driver[]; total: number }> {
      const day = query.date ?? (await requestDay(db, actor.companyId, query.time_zone));
      const { rows, total } = await createDriversRepository(db, actor.companyId).list(query);
      return { items: await toDrivers(db, actor.companyId, rows, day), total };
    },

    async get(actor: CompanyActor, id: number, timeZone: string | undefined): Promise<Driver> {
      return read(db, actor.companyId, id, await requestDay(db, actor.companyId, timeZone));
    },

    /** The sign-in account (temporary password: the first sign-in asks for a new one) and the profile, pending approval. */
    async add(actor: CompanyActor, body: DriverAddBody, timeZone: string | undefined): Promise<Driver> {
      await assertNewPasswordAllowed(body.temporary_password, 'temporary_password');
      const passwordHash = await hashPassword(body.temporary_password);
      const day = await requestDay(db, actor.companyId, timeZone);
      const phone = phoneColumns(body.phn_nbr);
      return writeRecords(db, drivers, actor, driverWrites, async (records) => {
        if (body.licence_expiry) await checkTypedLicenceExpiry(records.tx, actor.companyId, body.licence_expiry, day);
        const user = await createAuthRepository(records.tx).insertUser({
          company_id: actor.companyId,
          role: 'driver',
          name: `${body.first_name} ${body.last_name}`,
          email: body.email,
          ...phone,
          country_id: phone.phn_nbr ? (body.country_id ?? 94) : (body.country_id ?? null),
          password_hash: passwordHash,
          must_change_password: true,
        });
        await recordAudit(records.tx, {
          companyId: actor.companyId,
          actorUserId: actor.actorUserId,
          entity: 'user',
          entityId: user.id,
          action: 'create',
          after: { role: user.role, name: user.name, email: user.email, phn_nbr: user.phn_nbr, status: user.status },
        });
        const created = await records.create({
          user_id: user.id,
          first_name: body.first_name,
          last_name: body.last_name,
          licence_number: body.licence_number ?? null,
          licence_expiry: body.licence_expiry ?? null,
        });
        return read(records.tx, actor.companyId, created.id, day);
      });
    },

    /** Profile fields on the driver, e-mail and phone on the sign-in account (their uniqueness is the organisation's). */
    async update(actor: CompanyActor, id: number, body: DriverUpdate, timeZone: string | undefined): Promise<Driver> {
      const day = await requestDay(db, actor.companyId, timeZone);
      return writeRecords(db, drivers, actor, driverWrites, async (records) => {
        const before = await lockDriver(records, id);
        // The form sends the date it shows: only a change is checked.
        if (body.licence_expiry !== undefined && body.licence_expiry !== before.licence_expiry) {
          await checkTypedLicenceExpiry(records.tx, actor.companyId, body.licence_expiry, day);
        }
        const { email, phn_nbr, country_id, ...profile } = body;
        if (Object.keys(profile).length > 0) await records.update(id, profile);
        const firstName = profile.first_name ?? before.first_name;
        const lastName = profile.last_name ?? before.last_name;
        const account: Partial<typeof users.$inferInsert> = {};
        if (profile.first_name !== undefined || profile.last_name !== undefined) account.name = `${firstName} ${lastName}`;
        if (email !== undefined) account.email = email;
        if (phn_nbr !== undefined) {
          Object.assign(account, phoneColumns(phn_nbr));
          account.country_id = phn_nbr === null ? (country_id ?? null) : (country_id ?? 94);
        } else if (country_id !== undefined) account.country_id = country_id;
        if (Object.keys(account).length > 0) {
          const [previous] = await records.tx.select().from(users).where(eq(users.id, before.user_id)).for('update');
          if (!previous) throw notFound();
          await createAuthRepository(records.tx).updateUser(before.user_id, account);
          const identity = (user: Partial<typeof users.$inferSelect>) => ({
            name: user.name,
            email: user.email,
            phn_nbr: user.phn_nbr,
            country_id: user.country_id,
          });
          await recordAudit(records.tx, {
            companyId: actor.companyId,
            actorUserId: actor.actorUserId,
            entity: 'user',
            entityId: before.user_id,
            action: 'update',
            before: identity(previous),
            after: identity({ ...previous, ...account }),
          });
        }
        return read(records.tx, actor.companyId, id, day);
      });
    },

    /** Takes work (1) or not (0); an inactive driver keeps signing in (their trips and attendance stay theirs). */
    async setStatus(actor: CompanyActor, id: number, status: 0 | 1, timeZone: string | undefined): Promise<Driver> {
      const day = await requestDay(db, actor.companyId, timeZone);
      return writeRecords(db, drivers, actor, driverWrites, async (records) => {
        await lockDriver(records, id);
        await records.update(id, { status });
        return read(records.tx, actor.companyId, id, day);
      });
    },

    /** Removes a driver: the rows stay (their history), sign-in and sessions end. */
    async remove(actor: CompanyActor, id: number, meta: RequestMeta): Promise<void> {
      const userId = await writeRecords(db, drivers, actor, driverWrites, async (records) => {
        const before = await lockDriver(records, id);
        const now = new Date();
        await records.softRemove(id, { deleted_at: now, status: 0 });
        await createAuthRepository(records.tx).updateUser(before.user_id, { deleted_at: now, status: 0 });
        await createAuthRepository(records.tx).revokeUserTokens(before.user_id);
        return before.user_id;
      });
      await notifyAccessChanged(db, { userId });
      meta.log('auth.session_revoked', { user_id: userId, company_id: actor.companyId, reason: 'user_deleted' });
    },

    async people(actor: CompanyActor, query: CompanyPersonListQuery): Promise<{ items: CompanyPerson[]; total: number }> {
      const { rows, total } = await createDriversRepository(db, actor.companyId).people(query);
      return {
        items: rows.map(toPerson),
        total,
      };
    },

    /** Lets an admin or driver of the company sign in (1) or not (0: their sessions end at once). Never one's own. */
    async setAdminStatus(actor: CompanyActor, userId: number, body: AdminStatusUpdate, meta: RequestMeta): Promise<CompanyPerson> {
      if (userId === actor.actorUserId) throw new AppError(409, 'cannot_change_self');
      await writeRecords(db, users, actor, { entity: 'user' }, async (records) => {
        // Only someone within the actor's own permissions, and never the company's last full administrator off.
        const target = await lockPersonToActOn(records.tx, actor, userId, { endsAccess: body.admin_status === 0 });
        if (target.kind !== 'admin' && target.kind !== 'driver') throw notFound();
        await records.update(userId, { status: body.admin_status });
        if (body.admin_status === 0) await createAuthRepository(records.tx).revokeUserTokens(userId);
      });
      if (body.admin_status === 0) {
        await notifyAccessChanged(db, { userId });
        meta.log('auth.session_revoked', { user_id: userId, company_id: actor.companyId, reason: 'user_disabled' });
      }
      const person = await createDriversRepository(db, actor.companyId).person(userId);
      if (!person) throw notFound();
      return toPerson(person);
    },
  };
}
