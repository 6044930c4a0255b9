import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { bootstrapDatabase, demoBanner } from './db/bootstrap.ts';
import { openDatabase } from './db/client.ts';
import { type FlightWorker, flightWorkerFromConfig } from './modules/flights/flights.worker.ts';
import { type MailWorker, mailWorkerFromConfig } from './modules/mail/mail.worker.ts';
import { createRetentionJob, type RetentionJob, retentionPolicyOf } from './modules/retention/retention.ts';
import { createEligibilitySweep, type EligibilitySweep } from './modules/trips/trips.sweep.ts';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  ownerUrl: config.DATABASE_OWNER_URL,
  dataDir: config.DATA_DIR,
  connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
});

let app: Awaited<ReturnType<typeof buildApp>>;
let mailWorker: MailWorker;
let flightWorker: FlightWorker;
let eligibilitySweep: EligibilitySweep;
let retentionJob: RetentionJob;
try {
  const { secret, seededDemo } = await bootstrapDatabase(database, config);
  app = await buildApp({ config, database, secret });
  if (seededDemo) console.warn(demoBanner());
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
  // Audit rows and security events past their retention go to archive files (at start and daily).
  retentionJob = createRetentionJob(database, retentionPolicyOf(config), app.log);
  retentionJob.start();
} catch (error) {
  console.error(`Parking Solutions could not start: ${error instanceof Error ? error.message : String(error)}`);
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
    await app.close();
    await database.close();
    process.exit(0);
  });
}
