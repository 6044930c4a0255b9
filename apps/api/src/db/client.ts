import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { is, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Dumpable } from './backup.ts';
import { embeddedExtensions, embeddedStartParams } from './embedded.ts';
import { tightenFolder } from './private-files.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is under it (PGlite or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories accept either. */
export type DbOrTx = Pick<Db, 'select' | 'selectDistinctOn' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'>;

/**
 * Independent reads, each started by a function: together on the database (each query on a pool connection of its
 * own), one after another in a transaction, whose one connection runs one query at a time (pg 8 queues a second and
 * warns, pg 9 refuses it). Use it wherever `db` may be a transaction.
 */
export async function readTogether<T extends unknown[]>(
  db: DbOrTx,
  reads: readonly [...{ [K in keyof T]: () => PromiseLike<T[K]> }],
): Promise<T> {
  if (!is(db, PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as T;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself (backups through the control socket, db/backup.ts); none on PostgreSQL. */
  embedded?: Dumpable;
  migrate(): Promise<void>;
  /**
   * The database for maintenance that the application's own role may not do (the retention job's deletes of
   * audit rows): the owner's connection with DATABASE_OWNER_URL, else `db` itself.
   */
  maintenance: Db;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * LISTEN on a channel over a connection of its own (PostgreSQL) or the embedded database itself (PGlite).
   * `onLost` is called if that connection ends; resolves to a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onLost: () => void): Promise<() => Promise<void>>;
  /** The connection pool's state, for /metrics (PostgreSQL only: PGlite is one connection inside this process). */
  pool?: PoolProbe;
  close(): Promise<void>;
}

/** What /metrics reads of the pool: its size and counts now, and each wait for a connection as it ends. */
export interface PoolProbe {
  max: number;
  counts(): { total: number; idle: number; waiting: number };
  /** Calls `listener` with the seconds each checkout waited for a connection (failed ones too); returns the unsubscribe. */
  onWait(listener: (seconds: number) => void): () => void;
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;
type Connect = (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;

/**
 * Times every checkout of `pool` (drizzle's queries go through `pool.query`, which calls `this.connect`, and its
 * transactions through `pool.connect`), for the pool-wait histogram. One clock reading per checkout, none without a listener.
 */
function probePool(pool: pg.Pool, max: number): PoolProbe {
  const listeners = new Set<(seconds: number) => void>();
  const connect = pool.connect.bind(pool) as unknown as Connect;
  const timed: Connect = (callback) => {
    if (listeners.size === 0) return connect(callback);
    const started = performance.now();
    const report = () => {
      const seconds = (performance.now() - started) / 1000;
      for (const listener of listeners) listener(seconds);
    };
    if (callback) {
      return connect((error, client, done) => {
        report();
        callback(error, client, done);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then(
      (client) => {
        report();
        return client;
      },
      (error: unknown) => {
        report();
        throw error;
      },
    );
  };
  pool.connect = timed as unknown as pg.Pool['connect'];
  return {
    max,
    counts: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onWait(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// Beside this file in the sources; beside apps/api/dist/server.js once built (scripts/build-api.ts copies them).
const migrationsFolder = resolve(import.meta.dirname, 'migrations');

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** The role that owns the tables (migrations, retention) when the application's role is a lesser one. */
  ownerUrl?: string | undefined;
  dataDir: string;
  connectTimeoutMs: number;
}

/** The newest migration this version knows (its journal's last `when`, which drizzle stores as `created_at`). */
export function newestKnownMigration(folder: string = migrationsFolder): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('no migrations found');
  return { tag: last.tag, when: last.when };
}

/**
 * Migrations only go forward: a database already migrated by a newer version (a migration this version does not
 * know) is refused before anything is changed, instead of running old code on a schema it does not understand.
 */
async function refuseNewerSchema(db: Db): Promise<void> {
  const known = newestKnownMigration();
  const exists = (await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)) as unknown as {
    rows: { present: boolean }[];
  };
  if (!exists.rows[0]?.present) return;
  const result = (await db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { newest: string | null }[];
  };
  const newest = Number(result.rows[0]?.newest ?? 0);
  if (newest > known.when) {
    throw new Error(
      `the database was migrated by a newer version of Parking Solutions (a migration of ${new Date(newest).toISOString()}; this version knows up to ${known.tag}). Start the newer version, or restore a backup taken before the upgrade.`,
    );
  }
}

/** Tables whose rows the application's role may add and read but never change or delete. */
export const APPEND_ONLY_TABLES = ['audit_log', 'security_events'] as const;

/** The application's role, refused when it is the owner itself (which may change anything). */
async function distinctApplicationRole(pool: pg.Pool, ownerPool: pg.Pool): Promise<string> {
  const [app, owner] = await Promise.all([pool.query('select current_user as name'), ownerPool.query('select current_user as name')]);
  const appRole = String(app.rows[0]?.name);
  if (appRole === String(owner.rows[0]?.name)) {
    throw new Error('DATABASE_OWNER_URL must sign in as another role than DATABASE_URL (the owner may change anything)');
  }
  return appRole;
}

/**
 * With an owner role (DATABASE_OWNER_URL): after migrating, the owner gives the application's role (DATABASE_URL)
 * what it needs on every table and sequence, and takes back UPDATE, DELETE and TRUNCATE on the append-only tables.
 * Done at every start, so tables added by a migration are covered without a manual step.
 */
async function grantApplicationRole(appRole: string, ownerPool: pg.Pool): Promise<void> {
  const role = pg.escapeIdentifier(appRole);
  const appendOnly = APPEND_ONLY_TABLES.map((table) => pg.escapeIdentifier(table)).join(', ');
  const client = await ownerPool.connect();
  try {
    await client.query('begin');
    await client.query(`grant usage on schema public to ${role}`);
    await client.query(`grant select, insert, update, delete on all tables in schema public to ${role}`);
    await client.query(`grant usage, select on all sequences in schema public to ${role}`);
    await client.query(`revoke update, delete, truncate on ${appendOnly} from ${role}`);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const poolMax = 10;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: poolMax,
      // Fail fast when the server is away, so callers get a 503 instead of hanging.
      connectionTimeoutMillis: options.connectTimeoutMs,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const probe = probePool(pool, poolMax);
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    // The owner's connections: a small pool of its own, used for migrations at start and the daily retention job.
    const ownerPool = options.ownerUrl
      ? new pg.Pool({
          connectionString: options.ownerUrl,
          max: 2,
          connectionTimeoutMillis: options.connectTimeoutMs,
          idleTimeoutMillis: 10_000,
        })
      : undefined;
    ownerPool?.on('error', () => {});
    const maintenance = ownerPool ? (drizzleNodePg({ client: ownerPool, schema }) as unknown as Db) : db;
    return {
      db,
      kind: 'postgres',
      maintenance,
      pool: probe,
      migrate: async () => {
        const appRole = ownerPool ? await distinctApplicationRole(pool, ownerPool) : undefined;
        await refuseNewerSchema(maintenance);
        await migrateNodePg(maintenance as never, { migrationsFolder });
        if (ownerPool && appRole) await grantApplicationRole(appRole, ownerPool);
      },
      ping: async () => {
        await pool.query('select 1');
      },
      listen: async (channel, onMessage, onLost) => {
        const client = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: options.connectTimeoutMs });
        let stopped = false;
        const lost = () => {
          if (!stopped) onLost();
          stopped = true;
        };
        client.on('notification', (message) => {
          if (message.channel === channel) onMessage(message.payload ?? '');
        });
        client.on('error', lost);
        client.on('end', lost);
        try {
          await client.connect();
          await client.query(`listen ${client.escapeIdentifier(channel)}`);
        } catch (error) {
          stopped = true;
          await client.end().catch(() => {});
          throw error;
        }
        return async () => {
          stopped = true;
          await client.end().catch(() => {});
        };
      },
      close: async () => {
        await Promise.all([pool.end(), ownerPool?.end()]);
      },
    };
  }
  // Loaded only for the embedded database: a server on PostgreSQL never holds PGlite's code in memory.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, extensions] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    embeddedExtensions(),
  ]);
  const client = await PGlite.create({
    ...(options.dataDir === 'memory://' ? {} : { dataDir: resolve(options.dataDir) }),
    extensions,
    startParams: embeddedStartParams(PGlite.defaultStartParams),
  });
  // PGlite unpacks a new data folder with its files 0666; an older folder may be as open: the server's user's alone.
  if (options.dataDir !== 'memory://') await tightenFolder(resolve(options.dataDir));
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    embedded: client as unknown as Dumpable,
    maintenance: db,
    migrate: async () => {
      await refuseNewerSchema(db);
      await migratePglite(db as never, { migrationsFolder });
    },
    ping: async () => {
      await client.query('select 1');
    },
    // One process owns the embedded database: its notifications never travel over a connection that can drop.
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
  };
}
