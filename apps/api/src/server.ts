import { buildApp } from './app.ts';
import { bootstrapDatabase, demoBanner } from './bootstrap.ts';
import { loadConfig } from './config.ts';
import { serverRunningOn, startControlServer } from './db/backup.ts';
import { openDatabase } from './db/client.ts';
import { startAfresh } from './db/embedded.ts';
import { keepNewFilesPrivate, tightenFolder } from './db/private-files.ts';
import { createUploadStore, uploadDirectoryOf } from './lib/uploads.ts';
import { type FlightWorker, flightWorkerFromConfig } from './modules/flights/flights.worker.ts';
import { type MailWorker, mailWorkerFromConfig } from './modules/mail/mail.worker.ts';
import { createReportScheduler, type ReportScheduler } from './modules/reports/reports.mail.ts';
import { createRetentionJob, type RetentionJob, retentionPolicyOf } from './modules/retention/retention.ts';
import { createEligibilitySweep, type EligibilitySweep } from './modules/trips/trips.sweep.ts';

// Whatever this process writes (database files, uploads, archives) is its user's alone (db/private-files.ts).
keepNewFilesPrivate();
const config = loadConfig();
// The embedded database belongs to one process: a second server on the same DATA_DIR is refused before it opens it.
if (!config.DATABASE_URL && config.DATA_DIR !== 'memory://' && (await serverRunningOn(config.DATA_DIR))) {
  console.error(`Parking Solutions could not start: another server is running on DATA_DIR ${config.DATA_DIR}`);
  process.exit(1);
}
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  ownerUrl: config.DATABASE_OWNER_URL,
  dataDir: config.DATA_DIR,
  connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
});

// Uploads and archives kept outside DATA_DIR are tightened too (DATA_DIR itself was, when it opened).
for (const dir of [config.UPLOAD_DIR, config.ARCHIVE_DIR]) if (dir) await tightenFolder(dir);

let app: Awaited<ReturnType<typeof buildApp>>;
let mailWorker: MailWorker;
let flightWorker: FlightWorker;
let eligibilitySweep: EligibilitySweep;
let retentionJob: RetentionJob;
let reportScheduler: ReportScheduler;
let closeControl: () => Promise<void> = async () => {};
try {
  const { secret, seededDemo } = await bootstrapDatabase(database, config);
  if (seededDemo && (await startAfresh(database, config, demoBanner()))) process.exit(0);
  // One upload store for the routes and the retention job (which deletes handover images past their retention).
  const uploads = createUploadStore(uploadDirectoryOf(config));
  app = await buildApp({ config, database, secret, uploads });
  if (seededDemo) console.warn(demoBanner());
  // The embedded database's backups are taken through this process (npm run backup; db/backup.ts).
  if (database.embedded && config.DATA_DIR !== 'memory://') {
    closeControl = await startControlServer(database.embedded, config.DATA_DIR, app.log);
  }
  await app.listen({ host: config.HOST, port: config.PORT });
  // The outbox's sender (does nothing without SMTP_URL: mail waits in the outbox).
  mailWorker = mailWorkerFromConfig(config, database, app.log);
  await mailWorker.start();
  // Flight news from an HTTP provider (does nothing with the manual provider: operators type estimates in).
  flightWorker = flightWorkerFromConfig(config, database, app.log);
  flightWorker.start();
  // Drivers whose documents ran out are taken off their coming trips (hourly; the assignment checks too).
  eligibilitySweep = createEligibilitySweep(database, app.log);
  eligibilitySweep.start();
  // Audit rows and security events past their retention go to archive files, and handover photos and signatures past
  // their company's retention are deleted (at start and daily).
  retentionJob = createRetentionJob(database, retentionPolicyOf(config), uploads, app.log);
  retentionJob.start();
  // Reports by mail: due periods (weekly: Monday 07:00, monthly: the 1st 07:00, on each company's clock) are queued in
  // the outbox with their XLSX, once per subscription and period whatever the number of processes (every
  // REPORT_SCHEDULE_INTERVAL_MS, 5 minutes by default).
  reportScheduler = createReportScheduler(database.db, app.log, { intervalMs: config.REPORT_SCHEDULE_INTERVAL_MS });
  reportScheduler.start();
} catch (error) {
  console.error(`Parking Solutions could not start: ${error instanceof Error ? error.message : String(error)}`);
  await closeControl().catch(() => {});
  await database.close().catch(() => {});
  process.exit(1);
}

// Graceful shutdown: stop the mail worker and accepting requests, let in-flight ones finish, then close the database.
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // The message in hand is finished (sent or put back for later) before the database closes.
    await mailWorker.stop();
    await flightWorker.stop();
    await eligibilitySweep.stop();
    await retentionJob.stop();
    await reportScheduler.stop();
    await app.close();
    await closeControl();
    await database.close();
    process.exit(0);
  });
}
