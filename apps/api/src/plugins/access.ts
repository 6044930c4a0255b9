import type { Role } from '@ps/contracts';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../db/client.ts';
import { listenWhileUp } from '../db/listen.ts';
import { companies, roles, sessions, users } from '../db/schema/index.ts';
import { rolePermissionSet } from '../lib/permissions.ts';

/**
 * The per-request session check, kept fast.
 *
 * Every request with an access token needs to know that the token's session (its refresh family) is still
 * open and that its user and company may still act. The answer is cached in the process, per session, and
 * dropped when anything that can end access changes: `notifyAccessChanged` drops it in this process at once
 * and sends a PostgreSQL NOTIFY, which every other server process on the database receives on a connection
 * of its own (LISTEN) and drops its copy too. While that connection is down nothing is cached, and a cached
 * answer is at most `ttlMs` old in any case, so a lost notification cannot keep a session alive for long.
 */

/** The NOTIFY channel of access changes. */
export const ACCESS_CHANNEL = 'ps_access_changed';

/**
 * What changed: one session (refresh family), every session of a user, or every user of a company (also what a
 * company's role allows).
 */
export type AccessTarget = { family: string } | { userId: number } | { companyId: number };

/** The caller as the database has it: the session is open and the user and company are active. */
export interface CallerState {
  family: string;
  userId: number;
  role: Role;
  /** What the user's role allows now (the built-in role of their kind, or their company's own role). */
  permissions: ReadonlySet<string>;
  companyId: number | null;
  sessionExpiresAt: number;
  lastUsedAt: number;
}

interface Entry {
  state: CallerState;
  loadedAt: number;
}

export interface AccessGuardOptions {
  idleTimeoutSeconds: number;
  /** How long a cached answer may be used without a notification (safety net; default 30 s). */
  ttlMs?: number;
  maxEntries?: number;
}

export interface AccessGuard {
  /**
   * The caller of a session, or undefined when the session is closed, expired, idle, or its user may not act. `fresh`
   * reads the database whatever the cache holds (a held-open answer's periodic check).
   */
  caller(family: string, userId: number, options?: { fresh?: boolean }): Promise<CallerState | undefined>;
  invalidate(target: AccessTarget): void;
  /** Caching is on only while notifications from other processes can arrive. */
  setListening(listening: boolean): void;
  /** Whether notifications from other processes can arrive now (a cache of this process may hold answers). */
  isListening(): boolean;
  /** Hears every access change this process learns of (its own and, by NOTIFY, every other's); returns the unsubscribe. */
  onChange(listener: (target: AccessTarget) => void): () => void;
}

/** Guards of this process, per database handle, for the in-process half of `notifyAccessChanged`. */
const guardsByDb = new WeakMap<Db, Set<AccessGuard>>();

/**
 * Other caches of this process that hold what an access change can end (the client-key companies of the public API):
 * they hear every change the guards hear, and may hold answers only while a guard of the database is listening.
 * `{ all: true }` means: forget everything (listening stopped or started again).
 */
export type AccessChange = AccessTarget | { all: true };
export interface AccessChangeFeed {
  /** Whether notifications from other processes reach this process now. */
  heard(): boolean;
  subscribe(listener: (change: AccessChange) => void): void;
}
export function accessChangeFeed(db: Db): AccessChangeFeed {
  return {
    heard: () => [...(guardsByDb.get(db) ?? [])].some((guard) => guard.isListening()),
    subscribe(listener) {
      let subscribers = feedListenersByDb.get(db);
      if (!subscribers) {
        subscribers = new Set();
        feedListenersByDb.set(db, subscribers);
      }
      subscribers.add(listener);
    },
  };
}
const feedListenersByDb = new WeakMap<Db, Set<(change: AccessChange) => void>>();

/** Whether an access change concerns a caller: their session, their user or their company. */
export function matches(state: Pick<CallerState, 'family' | 'userId' | 'companyId'>, target: AccessTarget): boolean {
  if ('family' in target) return state.family === target.family;
  if ('userId' in target) return state.userId === target.userId;
  return state.companyId === target.companyId;
}

function parseTarget(payload: string): AccessTarget | undefined {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (typeof value.family === 'string') return { family: value.family };
    if (typeof value.userId === 'number') return { userId: value.userId };
    if (typeof value.companyId === 'number') return { companyId: value.companyId };
  } catch {
    // Not ours: ignore.
  }
  return undefined;
}

export function createAccessGuard(db: Db, options: AccessGuardOptions): AccessGuard {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const idleMs = options.idleTimeoutSeconds * 1000;
  const entries = new Map<string, Entry>();
  const listeners = new Set<(target: AccessTarget) => void>();
  // The process's other caches (accessChangeFeed) hear what this guard hears.
  const tellFeed = (change: AccessChange) => {
    for (const listener of feedListenersByDb.get(db) ?? []) listener(change);
  };
  let listening = false;
  // Bumped by every invalidation: an answer loaded while one happened is used once but not cached, since
  // it may predate the change.
  let generation = 0;

  async function load(family: string, userId: number): Promise<CallerState | undefined> {
    const [row] = await db
      .select({
        userId: users.id,
        role: users.role,
        roleId: users.role_id,
        rolePermissions: roles.permissions,
        companyId: users.company_id,
        expiresAt: sessions.expires_at,
        lastUsedAt: sessions.last_used_at,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .leftJoin(companies, eq(companies.id, users.company_id))
      // A company's own role; none means the built-in role of the user's kind.
      .leftJoin(roles, and(eq(roles.id, users.role_id), eq(roles.company_id, users.company_id)))
      .where(
        and(
          eq(sessions.id, family),
          eq(sessions.user_id, userId),
          isNull(sessions.revoked_at),
          sql`${sessions.expires_at} > now()`,
          isNull(users.deleted_at),
          eq(users.status, 1),
          or(isNull(users.company_id), eq(companies.status, 1)),
        ),
      )
      .limit(1);
    if (!row) return undefined;
    return {
      family,
      userId: row.userId,
      role: row.role,
      permissions: row.roleId === null ? rolePermissionSet(row.role, null) : rolePermissionSet(null, row.rolePermissions ?? []),
      companyId: row.companyId,
      sessionExpiresAt: row.expiresAt.getTime(),
      lastUsedAt: row.lastUsedAt.getTime(),
    };
  }

  const guard: AccessGuard = {
    async caller(family, userId, options = {}) {
      const now = Date.now();
      const cached = options.fresh ? undefined : entries.get(family);
      let state = cached && listening && now - cached.loadedAt < ttlMs ? cached.state : undefined;
      if (!state) {
        const loadedIn = generation;
        state = await load(family, userId);
        if (state && listening && loadedIn === generation) {
          if (entries.size >= maxEntries) entries.clear();
          entries.set(family, { state, loadedAt: now });
        }
      }
      if (!state || state.userId !== userId) return undefined;
      if (state.sessionExpiresAt <= now || state.lastUsedAt + idleMs <= now) return undefined;
      return state;
    },
    invalidate(target) {
      generation++;
      for (const [family, entry] of entries) {
        if (matches(entry.state, target)) entries.delete(family);
      }
      for (const listener of listeners) listener(target);
      tellFeed(target);
    },
    setListening(value) {
      listening = value;
      generation++;
      entries.clear();
      // A gap in listening may have lost notifications: the other caches of this process forget too.
      tellFeed({ all: true });
    },
    isListening: () => listening,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  let guards = guardsByDb.get(db);
  if (!guards) {
    guards = new Set();
    guardsByDb.set(db, guards);
  }
  guards.add(guard);
  return guard;
}

/**
 * Call after every committed write that can end or change someone's access: sign-out, a revoked session, a password
 * change, a user disabled or deleted, a company deactivated, a role's permissions changed or another role assigned. This process forgets the affected callers at
 * once; every other server process on the database does when the notification reaches it (milliseconds).
 */
export async function notifyAccessChanged(db: Db, target: AccessTarget): Promise<void> {
  for (const guard of guardsByDb.get(db) ?? []) guard.invalidate(target);
  await db.execute(sql`select pg_notify(${ACCESS_CHANNEL}, ${JSON.stringify(target)})`);
}

/**
 * Listens for other processes' access changes from the moment the app is ready until it closes, and
 * reconnects after a lost connection (caching stays off meanwhile). Never delays or fails the start.
 */
export function listenForAccessChanges(app: FastifyInstance, database: Database, guard: AccessGuard): void {
  listenWhileUp(app, database, {
    channel: ACCESS_CHANNEL,
    onMessage: (payload) => {
      const target = parseTarget(payload);
      if (target) guard.invalidate(target);
    },
    onListening: (listening) => guard.setListening(listening),
    outage: 'access-change notifications unavailable; checking the database on every request',
  });
}
