import { type IdentifierType, normalisePhone, type Role } from '@ps/contracts';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, loginThrottle, refreshTokens, roles, sessions, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

export type UserRow = typeof users.$inferSelect;

/**
 * A phone as its owner typed it, for screens (issue 21, section 2), and its sign-in key (digits, no trunk 0): the key
 * finds the account, the typed form is what people read back.
 */
export function phoneColumns(typed: string | null | undefined): { phn_nbr: string | null; phone_as_entered: string | null } {
  const entered = typed?.trim() || null;
  return { phn_nbr: entered ? normalisePhone(entered) : null, phone_as_entered: entered };
}

/** The phone to show: as typed, else (an account from before it was kept) its sign-in key. */
export const shownPhone = sql<string | null>`coalesce(${users.phone_as_entered}, ${users.phn_nbr})`;
export const shownPhoneOf = (user: Pick<UserRow, 'phone_as_entered' | 'phn_nbr'>): string | null => user.phone_as_entered ?? user.phn_nbr;
export type SessionRow = typeof sessions.$inferSelect;
export type UserWithCompany = UserRow & {
  company_name: string | null;
  company_status: number | null;
  company_currency: string | null;
  company_time_zone: string | null;
  /** The company's own role (null: the built-in role of the user's kind). */
  role_name: string | null;
  role_permissions: string[] | null;
};

export interface IdentifierLookup {
  orgInstanceId: number;
  type: IdentifierType;
  /** Already normalised: e-mail and username lower case, phone national digits. */
  value: string;
  countryId?: number | undefined;
}

export interface UserListQuery {
  page: number;
  page_size: number;
  sort?: string | undefined;
  search?: string | undefined;
}

export function createAuthRepository(db: DbOrTx) {
  const selectUser = () =>
    db
      .select({
        user: users,
        company_name: companies.name,
        company_status: companies.status,
        company_currency: companies.currency,
        company_time_zone: companies.time_zone,
        role_name: roles.name,
        role_permissions: roles.permissions,
      })
      .from(users)
      .leftJoin(companies, eq(companies.id, users.company_id))
      .leftJoin(roles, and(eq(roles.id, users.role_id), eq(roles.company_id, users.company_id)));
  const flatten = (row: ({ user: UserRow } & Omit<UserWithCompany, keyof UserRow>) | undefined): UserWithCompany | undefined => {
    if (!row) return undefined;
    const { user, ...company } = row;
    return { ...user, ...company };
  };

  return {
    /** A user who may act now: not deleted, active, and in an active company (or none, for super admins). */
    async findActiveById(id: number): Promise<UserWithCompany | undefined> {
      const [row] = await selectUser()
        .where(and(eq(users.id, id), isNull(users.deleted_at), eq(users.status, 1), or(isNull(users.company_id), eq(companies.status, 1))))
        .limit(1);
      return flatten(row);
    },

    async findByIdentifier(lookup: IdentifierLookup): Promise<UserWithCompany | undefined> {
      const byIdentifier =
        lookup.type === 'email'
          ? sql`lower(${users.email}) = ${lookup.value}`
          : lookup.type === 'username'
            ? sql`lower(${users.username}) = ${lookup.value}`
            : and(eq(users.phn_nbr, lookup.value), eq(users.country_id, lookup.countryId ?? -1));
      const [row] = await selectUser()
        .where(and(eq(users.org_instance_id, lookup.orgInstanceId), isNull(users.deleted_at), byIdentifier))
        .limit(1);
      return flatten(row);
    },

    async insertUser(values: typeof users.$inferInsert): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateUser(id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
      await db
        .update(users)
        .set({ ...values, updated_at: new Date() })
        .where(eq(users.id, id));
    },

    /** A company's users of the given roles (not deleted): paging, sort, search by name or identifier. */
    listCompanyUsers(companyId: number, roles: Role[], query: UserListQuery) {
      const scope = companyScope(db, users, companyId);
      const parts = listParts(query, {
        filters: [scope.owned(inArray(users.role, roles), isNull(users.deleted_at))],
        searchColumns: [users.name, users.email, users.username, users.phn_nbr],
        sortColumns: { name: users.name, email: users.email, created_at: users.created_at },
        defaultSort: 'name',
        tieBreaker: users.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          db
            .select()
            .from(users)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: (where) => countRows(db, users, where),
      });
    },

    async insertRefreshToken(values: typeof refreshTokens.$inferInsert): Promise<void> {
      await db.insert(refreshTokens).values(values);
    },

    async findRefreshToken(id: string) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id)).limit(1);
      return row;
    },

    /** Marks a refresh token used, once: only one of two concurrent callers gets the row back. */
    async consumeRefreshToken(id: string) {
      const [row] = await db
        .update(refreshTokens)
        .set({ used_at: new Date() })
        .where(
          and(
            eq(refreshTokens.id, id),
            isNull(refreshTokens.used_at),
            isNull(refreshTokens.revoked_at),
            sql`${refreshTokens.expires_at} > now()`,
          ),
        )
        .returning();
      return row;
    },

    async insertSession(values: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(values);
    },

    /** A session with its user's company (for the security log). */
    async findSession(id: string): Promise<(SessionRow & { company_id: number | null }) | undefined> {
      const [row] = await db
        .select({ session: sessions, company_id: users.company_id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.user_id))
        .where(eq(sessions.id, id))
        .limit(1);
      return row ? { ...row.session, company_id: row.company_id } : undefined;
    },

    async touchSession(id: string): Promise<void> {
      await db.update(sessions).set({ last_used_at: new Date() }).where(eq(sessions.id, id));
    },

    /** True when this user once completed a sign-in from this address (a session was started from it). */
    async hasSignedInFrom(userId: number, ip: string): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.user_id, userId), eq(sessions.ip, ip)))
        .limit(1);
      return row !== undefined;
    },

    /** Ends one session (a refresh family): the session row and every refresh token of it. */
    async revokeFamily(familyId: string): Promise<void> {
      const now = new Date();
      await db
        .update(sessions)
        .set({ revoked_at: now })
        .where(and(eq(sessions.id, familyId), isNull(sessions.revoked_at)));
      await db
        .update(refreshTokens)
        .set({ revoked_at: now })
        .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)));
    },

    /** Ends every session of a user, except the family named (the caller's own session). */
    async revokeUserTokens(userId: number, exceptFamily?: string): Promise<void> {
      const now = new Date();
      const openSessions = [eq(sessions.user_id, userId), isNull(sessions.revoked_at)];
      if (exceptFamily) openSessions.push(ne(sessions.id, exceptFamily));
      await db
        .update(sessions)
        .set({ revoked_at: now })
        .where(and(...openSessions));
      const openTokens = [eq(refreshTokens.user_id, userId), isNull(refreshTokens.revoked_at)];
      if (exceptFamily) openTokens.push(ne(refreshTokens.family_id, exceptFamily));
      await db
        .update(refreshTokens)
        .set({ revoked_at: now })
        .where(and(...openTokens));
    },

    /**
     * Records an accepted TOTP time step, once: false when this step or a later one was already accepted
     * (the code is a replay, or a concurrent request took it first).
     */
    async acceptTotpStep(userId: number, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ totp_last_step: step })
        .where(and(eq(users.id, userId), or(isNull(users.totp_last_step), sql`${users.totp_last_step} < ${step}`)))
        .returning({ id: users.id });
      return rows.length === 1;
    },

    /** Failures counted for a key inside the current window (0 when the window has passed). */
    async failuresFor(key: string, windowSeconds: number): Promise<{ failures: number; windowStartedAt: Date | null }> {
      const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.key, key)).limit(1);
      if (!row || row.window_started_at.getTime() + windowSeconds * 1000 <= Date.now()) return { failures: 0, windowStartedAt: null };
      return { failures: row.failures, windowStartedAt: row.window_started_at };
    },

    /** Adds one failure; a window that has passed starts again at one. */
    async recordFailure(key: string, windowSeconds: number): Promise<void> {
      await db
        .insert(loginThrottle)
        .values({ key, failures: 1, window_started_at: new Date() })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${loginThrottle.window_started_at} + make_interval(secs => ${windowSeconds}) <= now() then 1 else ${loginThrottle.failures} + 1 end`,
            window_started_at: sql`case when ${loginThrottle.window_started_at} + make_interval(secs => ${windowSeconds}) <= now() then now() else ${loginThrottle.window_started_at} end`,
          },
        });
    },

    async clearFailures(key: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;

/** A change users make to their own account, audited in the change's transaction. */
export function auditOwnChange(tx: DbOrTx, user: UserRow, before: Record<string, unknown>, after: Record<string, unknown>) {
  return recordAudit(tx, {
    companyId: user.company_id,
    actorUserId: user.id,
    entity: 'user',
    entityId: user.id,
    action: 'update',
    before,
    after,
  });
}
