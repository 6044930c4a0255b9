import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bootstrapDatabase } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, newestKnownMigration, openDatabase } from '../src/db/client.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { loginBody } from './factories.ts';
import { createServerDatabase } from './harness.ts';

/**
 * The last migration of the previous release. At each release, set it to that release's newest migration
 * (docs/operations.md, "Upgrading"): this test then proves the upgrade from the release before to this one.
 */
const PREVIOUS_RELEASE_LAST_MIGRATION = '0011_agencies_partner_trips_brand';

const migrationsFolder = resolve(import.meta.dirname, '../src/db/migrations');
type Journal = { entries: { tag: string; when: number }[] };
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;

/** A copy of the migrations folder whose journal ends at `lastTag` (or past its end by a made-up newer migration). */
function migrationsUpTo(lastTag: string, dir: string): string {
  const folder = join(dir, 'migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const upTo = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (upTo < 0) throw new Error(`${lastTag} is not in the journal`);
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo + 1) }));
  return folder;
}

function migrateWith(database: Database, folder: string) {
  return database.kind === 'postgres'
    ? migrateNodePg(database.db as never, { migrationsFolder: folder })
    : migratePglite(database.db as never, { migrationsFolder: folder });
}

describe('upgrading from the previous release', () => {
  let dir: string;
  let database: Database;
  let drop = async () => {};
  let databaseUrl: string | undefined;
  const password = 'Upgrade-Kept-4471';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ps-upgrade-'));
    if (process.env.TEST_DB === 'postgres') ({ url: databaseUrl, drop } = await createServerDatabase(process.env.TEST_DATABASE_URL ?? ''));
    database = await openDatabase({ databaseUrl, dataDir: 'memory://', connectTimeoutMs: 5000 });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the rows written by the previous release through the forward migrations, and the app starts on them', {
    timeout: 240_000,
  }, async () => {
    expect(journal.entries.some((entry) => entry.tag === PREVIOUS_RELEASE_LAST_MIGRATION)).toBe(true);
    await migrateWith(database, migrationsUpTo(PREVIOUS_RELEASE_LAST_MIGRATION, dir));
    // Rows as the previous release wrote them (its columns only).
    const hash = await hashPassword(password);
    await database.db.execute(sql`insert into companies (id, name, client_key) values (41, 'Before Upgrade Ltd', 'key-before-upgrade')`);
    await database.db.execute(
      sql`insert into users (id, company_id, role, name, email, password_hash) values (51, 41, 'admin', 'Kept Admin', 'kept@example.com', ${hash})`,
    );
    await database.db.execute(
      sql`insert into audit_log (company_id, actor_user_id, entity, entity_id, action, changes) values (41, 51, 'company', '41', 'create', '{"name":{"to":"Before Upgrade Ltd"}}')`,
    );
    await database.db.execute(sql`select setval('companies_id_seq', 100), setval('users_id_seq', 100)`);

    // The new version starts: it migrates forward.
    await database.migrate();
    const rows = async (query: ReturnType<typeof sql>) =>
      ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(await rows(sql`select name, client_key from companies where id = 41`)).toEqual([
      { name: 'Before Upgrade Ltd', client_key: 'key-before-upgrade' },
    ]);
    expect(await rows(sql`select name, email, role from users where id = 51`)).toEqual([
      { name: 'Kept Admin', email: 'kept@example.com', role: 'admin' },
    ]);
    expect(await rows(sql`select entity, changes from audit_log where company_id = 41`)).toEqual([
      { entity: 'company', changes: { name: { to: 'Before Upgrade Ltd' } } },
    ]);
    // The new version's rules hold for the old rows too.
    await expect(database.db.execute(sql`update audit_log set entity = 'x' where company_id = 41`)).rejects.toThrow();

    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      { WEB_DIST_DIR: '/nonexistent' },
    );
    const { secret, seededDemo } = await bootstrapDatabase(database, config);
    expect(seededDemo).toBe(false);
    const app = await buildApp({ config, database, secret });
    try {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: loginBody('kept@example.com', password) });
      expect(response.statusCode).toBe(202);
    } finally {
      await app.close();
    }
  });

  it('refuses to start on a database a newer version migrated, changing nothing', { timeout: 120_000 }, async () => {
    const newer = newestKnownMigration().when + 86_400_000;
    await database.db.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${newer})`);
    await expect(database.migrate()).rejects.toThrow(/migrated by a newer version of Parking Solutions/);
    const [company] = (
      (await database.db.execute(sql`select name from companies where id = 41`)) as unknown as { rows: { name: string }[] }
    ).rows;
    expect(company?.name).toBe('Before Upgrade Ltd');
  });
});
