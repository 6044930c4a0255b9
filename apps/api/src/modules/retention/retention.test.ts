import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBookingThroughApi, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { completedBookingWithImages, daysFromNow } from '../../../test/factories/customer-data.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant } from '../../../test/kit.ts';
import { JPEG } from '../../../test/multipart.ts';
import { loadConfig } from '../../config.ts';
import { auditLog, handoverFiles, handovers, securityEvents } from '../../db/schema/index.ts';
import { createUploadStore } from '../../lib/uploads.ts';
import { archiveOldRows, createRetentionJob, deleteExpiredHandoverImages, retentionPolicyOf, runRetention } from './retention.ts';

const DAY = 86_400_000;
const now = new Date('2026-06-01T03:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

function archived(file: string): unknown[] {
  return gunzipSync(readFileSync(file))
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line));
}

/** A row as the archive holds it: its JSON. */
const asJson = (row: unknown) => JSON.parse(JSON.stringify(row));

describe('retention settings', () => {
  it('default to 730 and 365 days and an archive folder inside DATA_DIR; bad values stop the start', () => {
    const config = loadConfig({ DATA_DIR: '/srv/ps-data' });
    expect(config.AUDIT_RETENTION_DAYS).toBe(730);
    expect(config.SECURITY_EVENTS_RETENTION_DAYS).toBe(365);
    expect(retentionPolicyOf(config)).toEqual({ archiveDir: '/srv/ps-data/archive', days: { audit_log: 730, security_events: 365 } });
    expect(retentionPolicyOf(loadConfig({ DATA_DIR: 'memory://' }))).toBeNull();
    expect(retentionPolicyOf(loadConfig({ DATA_DIR: 'memory://', ARCHIVE_DIR: '/srv/archive', AUDIT_RETENTION_DAYS: '30' }))).toEqual({
      archiveDir: '/srv/archive',
      days: { audit_log: 30, security_events: 365 },
    });
    expect(() => loadConfig({ AUDIT_RETENTION_DAYS: '0' })).toThrow(/AUDIT_RETENTION_DAYS/);
    expect(() => loadConfig({ SECURITY_EVENTS_RETENTION_DAYS: 'a year' })).toThrow(/SECURITY_EVENTS_RETENTION_DAYS/);
  });
});

describe('the retention job', () => {
  let ctx: TestContext;
  let dir: string;
  const lines: { level: string; object: Record<string, unknown>; message: string }[] = [];
  const log = {
    info: (object: object, message: string) => lines.push({ level: 'info', object: object as Record<string, unknown>, message }),
    error: (object: object, message: string) => lines.push({ level: 'error', object: object as Record<string, unknown>, message }),
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    dir = mkdtempSync(join(tmpdir(), 'ps-archive-'));
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function clear() {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local ps.retention = 'on'`);
      await tx.delete(auditLog);
      await tx.delete(securityEvents);
    });
  }
  beforeEach(async () => {
    await clear();
    lines.length = 0;
  });

  async function seed() {
    const audit = await ctx.db
      .insert(auditLog)
      .values([
        {
          company_id: 1,
          actor_user_id: 5,
          entity: 'airport',
          entity_id: '1',
          action: 'create',
          changes: { name: { to: 'Heathrow' } },
          created_at: daysAgo(900),
        },
        {
          company_id: 2,
          actor_user_id: null,
          entity: 'booking',
          entity_id: '7',
          action: 'update',
          changes: { status: { from: 'a', to: 'b' } },
          created_at: daysAgo(731),
        },
        {
          company_id: 1,
          actor_user_id: 5,
          entity: 'airport',
          entity_id: '1',
          action: 'update',
          changes: { name: { from: 'Heathrow', to: 'LHR' } },
          created_at: daysAgo(729),
        },
        { company_id: 1, actor_user_id: 5, entity: 'airport', entity_id: '2', action: 'create', changes: {}, created_at: daysAgo(1) },
      ])
      .returning();
    const events = await ctx.db
      .insert(securityEvents)
      .values([
        {
          company_id: 1,
          user_id: 5,
          event: 'auth.login_failed',
          reason: 'wrong_password',
          address: '203.0.113.9',
          request_id: 'r1',
          created_at: daysAgo(400),
        },
        {
          company_id: 1,
          user_id: 5,
          event: 'auth.session_revoked',
          reason: 'logout',
          address: '203.0.113.9',
          request_id: 'r2',
          details: { session_id: 's' },
          created_at: daysAgo(366),
        },
        { company_id: 1, user_id: 5, event: 'auth.login_succeeded', address: '203.0.113.9', request_id: 'r3', created_at: daysAgo(364) },
      ])
      .returning();
    return { audit, events };
  }
  const policy = () => ({ archiveDir: dir, days: { audit_log: 730, security_events: 365 } });

  it('moves the rows past their retention into one gzipped JSON-lines file per table, then deletes them; younger rows stay', async () => {
    const { audit, events } = await seed();
    const runs = await runRetention(ctx.database.maintenance, policy(), log, now);
    expect(runs.map((run) => [run.table, run.rows])).toEqual([
      ['audit_log', 2],
      ['security_events', 2],
    ]);
    const [auditRun, eventRun] = runs;
    expect(archived(auditRun?.file ?? '')).toEqual(audit.slice(0, 2).map(asJson));
    expect(archived(eventRun?.file ?? '')).toEqual(events.slice(0, 2).map(asJson));
    expect(auditRun?.file).toMatch(/audit_log-2026-06-01T03-00-00-000Z-before-.*\.jsonl\.gz$/);
    expect(readdirSync(dir).sort()).toEqual([auditRun?.file, eventRun?.file].map((file) => file?.slice(dir.length + 1)).sort());

    const leftAudit = await ctx.db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(leftAudit.map((row) => row.id)).toEqual(audit.slice(2).map((row) => row.id));
    const leftEvents = await ctx.db.select().from(securityEvents);
    expect(leftEvents.map((row) => row.id)).toEqual([events[2]?.id]);
    expect(lines.filter((line) => line.message === 'old rows archived and deleted')).toHaveLength(2);

    // The next day's run finds nothing more and writes no file.
    const again = await runRetention(ctx.database.maintenance, policy(), log, now);
    expect(again.map((run) => run.file)).toEqual([null, null]);
    expect(readdirSync(dir)).toHaveLength(2);
  });

  it('deletes nothing when the archive folder cannot be written, and logs an error per table', async () => {
    const { audit, events } = await seed();
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, 'a file where the folder should be');
    const runs = await runRetention(ctx.database.maintenance, { ...policy(), archiveDir: join(blocker, 'archive') }, log, now);
    expect(runs).toEqual([]);
    expect(await ctx.db.select().from(auditLog)).toHaveLength(audit.length);
    expect(await ctx.db.select().from(securityEvents)).toHaveLength(events.length);
    const errors = lines.filter((line) => line.level === 'error');
    expect(errors.map((line) => [line.message, line.object.table])).toEqual([
      ['retention failed: nothing deleted', 'audit_log'],
      ['retention failed: nothing deleted', 'security_events'],
    ]);
    expect(String(errors[0]?.object.err)).toMatch(/ENOTDIR|EEXIST/);
  });

  it('leaves no file and deletes nothing when the delete fails after the file was written', async () => {
    await seed();
    const dropped = join(dir, 'failing');
    // A trigger makes the delete fail after the file is written.
    await ctx.db.execute(
      sql`create function ps_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'disk of the database full'; end; $$`,
    );
    await ctx.db.execute(
      sql`create trigger ps_test_refuse before delete on security_events for each statement execute function ps_test_refuse()`,
    );
    try {
      await expect(archiveOldRows(ctx.database.maintenance, 'security_events', daysAgo(365), dropped, now)).rejects.toThrow();
      expect(readdirSync(dropped)).toEqual([]);
      expect(await ctx.db.select().from(securityEvents)).toHaveLength(3);
    } finally {
      await ctx.db.execute(sql`drop trigger ps_test_refuse on security_events`);
      await ctx.db.execute(sql`drop function ps_test_refuse()`);
    }
  });

  // Several processes exist only on PostgreSQL (PGlite is one process, its transactions one at a time).
  it.skipIf(process.env.TEST_DB !== 'postgres')('skips a table another process is archiving at the moment (advisory lock)', async () => {
    await seed();
    // Another session holds the table's lock: this run leaves the rows for the next day.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ps_retention:audit_log'::text))`);
      const run = await archiveOldRows(ctx.database.maintenance, 'audit_log', daysAgo(730), join(dir, 'locked'), now);
      expect(run).toEqual({ table: 'audit_log', cutoff: daysAgo(730), rows: 0, file: null });
    });
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.company_id, 2))).toHaveLength(1);
  });
});

describe("the retention job: handover photos and signatures past their company's retention (issue 23, section 4)", () => {
  let ctx: TestContext;
  let uploadDir: string;
  const lines: { level: string; message: string }[] = [];
  const log = {
    info: (_object: object, message: string) => lines.push({ level: 'info', message }),
    error: (_object: object, message: string) => lines.push({ level: 'error', message }),
  };

  beforeAll(async () => {
    uploadDir = mkdtempSync(join(tmpdir(), 'ps-retention-uploads-'));
    ctx = await createTestContext({ UPLOAD_DIR: uploadDir });
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  const imagesOf = (handoverIds: number[]) => ctx.db.select().from(handoverFiles).where(inArray(handoverFiles.handover_id, handoverIds));
  const onDisk = (names: string[]) => names.map((name) => existsSync(join(uploadDir, name)));

  it('deletes the images (rows and files) of closed bookings whose stay ended more than the retention ago, audited; keeps the rest', async () => {
    const tenant = await createTenant(ctx);
    const route = await insertBookingRoute(ctx.db, tenant.company.id);
    const stay = { departure_at: '2024-03-01T08:00:00Z', arrival_at: '2024-03-03T18:00:00Z' };
    const old = await completedBookingWithImages(ctx, tenant, route, stay);
    // Ended ten days ago: within the company's year.
    const recent = await completedBookingWithImages(ctx, tenant, route, { departure_at: daysFromNow(-12), arrival_at: daysFromNow(-10) });
    // Due back long ago but still on site (checked in, never closed): its check-in photo is the record of the car.
    const onSite = await createBookingThroughApi(ctx, tenant, route, stay);
    const checkIn = await call(ctx.app, 'POST', '/api/handover/add', tenant.headers, {
      booking_id: onSite.id,
      kind: 'check_in',
      photos: [JPEG.toString('base64')],
    });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(201);
    // Another company keeps personal data ten years: its booking of two years ago keeps its images.
    const patient = await createTenant(ctx);
    const patientRoute = await insertBookingRoute(ctx.db, patient.company.id);
    const tenYears = await call(ctx.app, 'PATCH', '/api/company/details/update', patient.headers, { personal_data_retention_days: 3650 });
    expect(tenYears.status).toBe(200);
    const patients = await completedBookingWithImages(ctx, patient, patientRoute, stay);

    const oldIds = old.handovers.map((handover) => handover.id);
    const keptIds = [
      ...recent.handovers.map((handover) => handover.id),
      (checkIn.body.data as { id: number }).id,
      ...patients.handovers.map((handover) => handover.id),
    ];
    const oldNames = (await imagesOf(oldIds)).map((image) => image.stored_name);
    const keptNames = (await imagesOf(keptIds)).map((image) => image.stored_name);
    expect([oldNames.length, keptNames.length]).toEqual([4, 9]);
    expect(onDisk([...oldNames, ...keptNames]).every(Boolean)).toBe(true);

    const store = createUploadStore({ dir: uploadDir, ephemeral: false });
    expect(await deleteExpiredHandoverImages(ctx.db, store, log)).toBe(4);
    expect(await imagesOf(oldIds)).toEqual([]);
    expect(onDisk(oldNames)).toEqual([false, false, false, false]);
    expect((await imagesOf(keptIds)).map((image) => image.stored_name).sort()).toEqual([...keptNames].sort());
    expect(onDisk(keptNames).every(Boolean)).toBe(true);
    // The handovers stay (what was seen of the car), each with an entry saying how many of its images went, by no user.
    expect(await ctx.db.select({ id: handovers.id }).from(handovers).where(inArray(handovers.id, oldIds))).toHaveLength(2);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'handover'), eq(auditLog.action, 'update'), inArray(auditLog.entity_id, oldIds.map(String))))
      .orderBy(asc(auditLog.id));
    expect(entries.map((entry) => [entry.company_id, entry.actor_user_id, entry.entity_id, entry.changes])).toEqual([
      [tenant.company.id, null, String(oldIds[0]), { handover_images_deleted: { to: 3 } }],
      [tenant.company.id, null, String(oldIds[1]), { handover_images_deleted: { to: 1 } }],
    ]);
    expect(lines).toEqual([{ level: 'info', message: 'handover images past their retention deleted' }]);

    // The next day's run finds nothing more.
    expect(await deleteExpiredHandoverImages(ctx.db, store, log)).toBe(0);
  });

  it("runs at the job's start, also with no archive folder (an in-memory database)", async () => {
    const tenant = await createTenant(ctx);
    const route = await insertBookingRoute(ctx.db, tenant.company.id);
    const old = await completedBookingWithImages(ctx, tenant, route, {
      departure_at: '2024-05-01T08:00:00Z',
      arrival_at: '2024-05-03T18:00:00Z',
    });
    const ids = old.handovers.map((handover) => handover.id);
    const names = (await imagesOf(ids)).map((image) => image.stored_name);
    const job = createRetentionJob(ctx.database, null, createUploadStore({ dir: uploadDir, ephemeral: false }), log, 3_600_000);
    job.start();
    await job.stop();
    expect(await imagesOf(ids)).toEqual([]);
    expect(onDisk(names).some(Boolean)).toBe(false);
  });
});
