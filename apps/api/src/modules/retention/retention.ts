import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { and, asc, gt, lt, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database, Db, DbOrTx } from '../../db/client.ts';
import { auditLog, securityEvents } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import { runJob } from '../../lib/job-runs.ts';
import type { UploadStore } from '../../lib/uploads.ts';
import { deleteImageRows, expiredHandoverImages } from '../customer-data/customer-data.repository.ts';
import { removeStoredFiles } from '../customer-data/customer-data.service.ts';

/** The retention job runs at start and then once a day. */
export const RETENTION_INTERVAL_MS = 24 * 3_600_000;
/** Rows read per query while writing the archive (the memory held at once). */
const CHUNK = 1000;

/** The tables whose old rows are archived, and the setting that says how old. */
export const RETAINED_TABLES = {
  audit_log: auditLog,
  security_events: securityEvents,
} as const;
export type RetainedTable = keyof typeof RETAINED_TABLES;

export interface RetentionPolicy {
  /** Folder of the archive files (made with mode 0700). */
  archiveDir: string;
  days: Record<RetainedTable, number>;
}

export interface ArchivedRun {
  table: RetainedTable;
  /** Rows older than this were archived and deleted. */
  cutoff: Date;
  rows: number;
  /** The archive file, or null when no row was old enough (no file is written then). */
  file: string | null;
}

/** The archive folder: ARCHIVE_DIR, else `<DATA_DIR>/archive`; none for an in-memory database without ARCHIVE_DIR. */
export function retentionPolicyOf(config: Config): RetentionPolicy | null {
  const dir = config.ARCHIVE_DIR ?? (config.DATA_DIR === 'memory://' ? null : join(config.DATA_DIR, 'archive'));
  if (dir === null) return null;
  return {
    archiveDir: resolve(dir),
    days: { audit_log: config.AUDIT_RETENTION_DAYS, security_events: config.SECURITY_EVENTS_RETENTION_DAYS },
  };
}

function fileStamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/**
 * Moves the rows of `table` older than `cutoff` into one gzipped JSON-lines file (one row per line, as the API
 * would read it) and then deletes them, in one transaction:
 * 1. a transaction-scoped advisory lock, so two server processes never archive the same rows (the other skips);
 * 2. REPEATABLE READ: the rows read for the file and the rows the DELETE sees are the same snapshot, so a row is
 *    deleted only if it is in the file;
 * 3. the file is written as `<name>.partial`, fsynced, renamed and its folder fsynced BEFORE the delete;
 * 4. only then `set local ps.retention = 'on'` (the append-only trigger's exception) and the DELETE, whose count
 *    must equal the file's.
 * Any failure before the delete (the folder cannot be written, the disk is full) rolls back: nothing is deleted,
 * and the partial or finished file is removed. A failure of the commit itself keeps the file (a row archived
 * twice is better than a row lost).
 */
export async function archiveOldRows(
  db: Db,
  table: RetainedTable,
  cutoff: Date,
  archiveDir: string,
  now = new Date(),
): Promise<ArchivedRun> {
  const target = RETAINED_TABLES[table] as typeof auditLog;
  const name = `${table}-${fileStamp(now)}-before-${fileStamp(cutoff)}.jsonl.gz`;
  const file = join(archiveDir, name);
  const partial = `${file}.partial`;
  let written = false;
  let deleted = false;
  try {
    return await db.transaction(
      async (transaction) => {
        const tx = transaction as unknown as DbOrTx;
        const locked = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(hashtext(${`ps_retention:${table}`}::text)) as locked`,
        )) as unknown as {
          rows: { locked: boolean }[];
        };
        if (!locked.rows[0]?.locked) return { table, cutoff, rows: 0, file: null };
        const old = lt(target.created_at, cutoff);
        const [first] = await tx.select({ id: target.id }).from(target).where(old).limit(1);
        if (!first) return { table, cutoff, rows: 0, file: null };

        await mkdir(archiveDir, { recursive: true, mode: 0o700 });
        const rows = await writeArchive(tx, target, old, partial);
        written = true;
        await rename(partial, file);
        await syncFolder(archiveDir);

        await tx.execute(sql`set local ps.retention = 'on'`);
        const removed = await tx.delete(target).where(old).returning({ id: target.id });
        if (removed.length !== rows) throw new Error(`${table}: ${rows} rows archived but ${removed.length} would be deleted`);
        deleted = true;
        return { table, cutoff, rows, file };
      },
      { isolationLevel: 'repeatable read' },
    );
  } catch (error) {
    if (!deleted) {
      await rm(partial, { force: true });
      if (written) await rm(file, { force: true });
    }
    throw error;
  }
}

/** Writes every row matching `where`, oldest id first, to a gzipped JSON-lines file and fsyncs it; answers the count. */
async function writeArchive(tx: DbOrTx, target: typeof auditLog, where: ReturnType<typeof lt>, path: string): Promise<number> {
  let count = 0;
  async function* lines() {
    let lastId = 0;
    for (;;) {
      const rows = await tx
        .select()
        .from(target)
        .where(and(where, gt(target.id, lastId)))
        .orderBy(asc(target.id))
        .limit(CHUNK);
      if (rows.length === 0) return;
      yield rows.map((row) => `${JSON.stringify(row)}\n`).join('');
      count += rows.length;
      lastId = rows[rows.length - 1]?.id ?? lastId;
    }
  }
  await pipeline(lines(), createGzip(), createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return count;
}

async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** One round: each table in turn. A table that fails is logged and leaves its rows; the other still runs. */
export async function runRetention(
  db: Db,
  policy: RetentionPolicy,
  log: { info(object: object, message: string): void; error(object: object, message: string): void },
  now = new Date(),
): Promise<ArchivedRun[]> {
  const runs: ArchivedRun[] = [];
  for (const table of Object.keys(RETAINED_TABLES) as RetainedTable[]) {
    const cutoff = new Date(now.getTime() - policy.days[table] * 86_400_000);
    try {
      const run = await archiveOldRows(db, table, cutoff, policy.archiveDir, now);
      if (run.rows > 0) log.info({ table, rows: run.rows, file: run.file, cutoff: cutoff.toISOString() }, 'old rows archived and deleted');
      runs.push(run);
    } catch (error) {
      log.error(
        { table, archive_dir: policy.archiveDir, err: error instanceof Error ? error.message : String(error) },
        'retention failed: nothing deleted',
      );
    }
  }
  return runs;
}

/** Handover images removed per transaction: a long backlog (the first run after an upgrade) goes in steps. */
const IMAGE_BATCH = 500;

type RetentionLog = { info(object: object, message: string): void; error(object: object, message: string): void };

/**
 * Deletes the handover photos and signatures (rows, then files) of closed bookings whose stay ended more than their
 * company's retention ago (`personal_data_retention_days`, issue 23 section 4): the same rule as an operator's erase,
 * applied to the images by itself every day. Each batch is one transaction with one audit entry per handover (or move on
 * site) whose images went, by no user; the files are removed once it has committed. Rows another process is deleting
 * at the same moment are skipped (SKIP LOCKED), so two processes never remove the same image twice. Answers how many.
 */
export async function deleteExpiredHandoverImages(db: Db, uploads: UploadStore, log: RetentionLog, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as DbOrTx;
      const expired = await expiredHandoverImages(tx, now, IMAGE_BATCH);
      if (expired.length === 0) return [];
      const deleted = new Set(
        (
          await deleteImageRows(
            tx,
            expired.map((image) => image.id),
          )
        ).map((row) => row.id),
      );
      const gone = expired.filter((image) => deleted.has(image.id));
      const owners = new Map<string, { companyId: number; entity: 'handover' | 'car_relocation'; id: number; count: number }>();
      for (const image of gone) {
        const owner =
          image.handover_id !== null
            ? { entity: 'handover' as const, id: image.handover_id }
            : { entity: 'car_relocation' as const, id: image.relocation_id ?? 0 };
        const key = `${owner.entity}:${owner.id}`;
        const known = owners.get(key);
        if (known) known.count += 1;
        else owners.set(key, { companyId: image.company_id, ...owner, count: 1 });
      }
      for (const owner of owners.values()) {
        await recordAudit(tx, {
          companyId: owner.companyId,
          actorUserId: null,
          entity: owner.entity,
          entityId: owner.id,
          action: 'update',
          after: { handover_images_deleted: owner.count },
        });
      }
      return gone;
    });
    if (removed.length === 0) break;
    await removeStoredFiles(
      uploads,
      removed.map((image) => image.stored_name),
      log,
    );
    total += removed.length;
    if (removed.length < IMAGE_BATCH) break;
  }
  if (total > 0) log.info({ images: total }, 'handover images past their retention deleted');
  return total;
}

export interface RetentionJob {
  start(): void;
  stop(): Promise<void>;
}

/**
 * Runs retention at start and daily (one round at a time): the audit rows and security events to their archive on the
 * owner's connection (database.maintenance), when there is an archive folder; and the handover images past their
 * company's retention, from the upload store the app serves them from.
 */
export function createRetentionJob(
  database: Database,
  policy: RetentionPolicy | null,
  uploads: UploadStore,
  log: RetentionLog,
  intervalMs: number = RETENTION_INTERVAL_MS,
): RetentionJob {
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<unknown> | undefined;
  const images = () =>
    deleteExpiredHandoverImages(database.db, uploads, log).then(
      () => true,
      (error: unknown) => {
        log.error(
          { err: error instanceof Error ? error.message : String(error) },
          'handover image retention failed: it runs again tomorrow',
        );
        return false;
      },
    );
  // One round: each table archived (a table that failed is logged by runRetention), then the images. Counted as a job
  // run (lib/job-runs.ts), failed when any part of it failed.
  const oneRound = async () => {
    const archived = policy ? await runRetention(database.maintenance, policy, log) : [];
    const archiveFailed = policy !== null && archived.length < Object.keys(RETAINED_TABLES).length;
    const imagesDone = await images();
    if (archiveFailed || !imagesDone) throw new Error('retention round failed (logged above)');
  };
  const runRound = () => {
    if (round) return;
    round = runJob('retention', oneRound)
      .catch(() => {})
      .finally(() => {
        round = undefined;
      });
  };
  return {
    start() {
      runRound();
      timer = setInterval(runRound, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await round;
    },
  };
}
