import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { bootstrapDatabase } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { auditLog } from '../src/db/schema/index.ts';
import { signIn } from './factories.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

async function asSuperuser(statements: string[]) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

function urlAs(role: string, password: string, database: string) {
  const url = new URL(serverUrl ?? '');
  url.username = role;
  url.password = password;
  url.pathname = `/${database}`;
  return url.toString();
}

async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return `${(error as Error).message} ${cause instanceof Error ? cause.message : ''}`;
  }
  throw new Error('the statement was not refused');
}

// docs/operations.md, "Audit rows are append-only": the steps there, on a real PostgreSQL server.
describe.skipIf(process.env.TEST_DB !== 'postgres')('an application role that may not change audit rows (DATABASE_OWNER_URL)', () => {
  const suffix = `${Date.now()}_${randomBytes(3).toString('hex')}`;
  const owner = `ps_owner_${suffix}`;
  const appRole = `ps_app_${suffix}`;
  const name = `ps_roles_${suffix}`;
  const password = randomBytes(12).toString('hex');
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    await asSuperuser([
      `create role ${owner} login password '${password}'`,
      `create role ${appRole} login password '${password}'`,
      `create database ${name} owner ${owner}`,
    ]);
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: urlAs(appRole, password, name),
        DATABASE_OWNER_URL: urlAs(owner, password, name),
        ADMIN_EMAIL: 'owner-test@example.com',
        ADMIN_PASSWORD: 'a long enough password 1',
      },
      { WEB_DIST_DIR: '/nonexistent' },
    );
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      ownerUrl: config.DATABASE_OWNER_URL,
      dataDir: config.DATA_DIR,
      connectTimeoutMs: 5000,
    });
    const { secret } = await bootstrapDatabase(database, config);
    app = await buildApp({ config, database, secret });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await asSuperuser([`drop database if exists ${name} with (force)`, `drop role if exists ${appRole}`, `drop role if exists ${owner}`]);
  });

  it('migrates as the owner: the tables belong to it, and the application signs in as its own role', async () => {
    const result = (await database.db.execute(sql`select tableowner from pg_tables where tablename = 'audit_log'`)) as unknown as {
      rows: { tableowner: string }[];
    };
    const [row] = result.rows;
    expect(row?.tableowner).toBe(owner);
    const session = await signIn(app, 'owner-test@example.com', 'a long enough password 1');
    const response = await app.inject({ method: 'GET', url: '/api/auth/get-details-by-token', headers: session.bearer });
    expect(response.statusCode).toBe(200);
  });

  it('the application role may add and read audit rows, but an UPDATE or DELETE is refused by permission, even with the retention setting', async () => {
    const [added] = await database.db
      .insert(auditLog)
      .values({ entity: 'airport', entity_id: '1', action: 'create', changes: {} })
      .returning();
    const id = added?.id ?? 0;
    expect(await refusal(() => database.db.execute(sql`update audit_log set entity_id = '2' where id = ${id}`))).toMatch(
      /permission denied/,
    );
    expect(
      await refusal(() =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`set local ps.retention = 'on'`);
          await tx.execute(sql`delete from audit_log where id = ${id}`);
        }),
      ),
    ).toMatch(/permission denied/);
    expect(await refusal(() => database.db.execute(sql`truncate audit_log`))).toMatch(/permission denied/);
    expect(await database.db.select().from(auditLog).where(eq(auditLog.id, id))).toHaveLength(1);
    // The owner's connection (the retention job's) still meets the trigger without the setting, and passes with it.
    expect(await refusal(() => database.maintenance.execute(sql`delete from audit_log where id = ${id}`))).toMatch(/append-only/);
    await database.maintenance.transaction(async (tx) => {
      await tx.execute(sql`set local ps.retention = 'on'`);
      await tx.execute(sql`delete from audit_log where id = ${id}`);
    });
    expect(await database.db.select().from(auditLog).where(eq(auditLog.id, id))).toHaveLength(0);
  });

  it('refuses an owner URL that signs in as the application role itself', async () => {
    const same = await openDatabase({
      databaseUrl: urlAs(appRole, password, name),
      ownerUrl: urlAs(appRole, password, name),
      dataDir: 'memory://',
      connectTimeoutMs: 5000,
    });
    try {
      await expect(same.migrate()).rejects.toThrow(/another role/);
    } finally {
      await same.close();
    }
  });
});
