// The product's API server for `npm run bench`, in its own process (forked by run.ts). The database is
// ready before it starts (run.ts migrates and seeds it). Reports its address and, when asked, its memory
// over IPC; exits cleanly on SIGTERM, so `--cpu-prof` can write its profile.
import { buildApp } from '../apps/api/src/app.ts';
import { bootstrapDatabase } from '../apps/api/src/bootstrap.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { serveMemoryReports } from './ipc.ts';

const config = loadConfig({
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  DATA_DIR: process.env.DATA_DIR ?? 'memory://',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
  // The public booking add's ceilings (issue 23) would stop a load from one address in its first seconds.
  PUBLIC_BOOKINGS_PER_ADDRESS_PER_HOUR: '100000000',
  PUBLIC_BOOKINGS_PER_KEY_PER_MINUTE: '100000000',
  ...(process.env.JWT_SECRET ? { JWT_SECRET: process.env.JWT_SECRET } : {}),
  // `--metrics`: /metrics served to the runner's scrapes (issue 24).
  ...(process.env.METRICS_TOKEN ? { METRICS_TOKEN: process.env.METRICS_TOKEN } : {}),
});
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, connectTimeoutMs: 3000 });
const { secret } = await bootstrapDatabase(database, config);
const app = await buildApp({ config, database, secret });
const address = await app.listen({ host: '127.0.0.1', port: 0 });

serveMemoryReports(address, async () => {
  await app.close();
  await database.close();
});
