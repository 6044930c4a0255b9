import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { ORG_INSTANCE_ID } from '@ps/contracts';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { reportDeliveries, reportSubscriptions, users } from '../src/db/schema/index.ts';
import { LIVE_CHANNEL } from '../src/modules/live/live-events.ts';
import { bookingBody, insertBookingRoute } from './factories/bookings.ts';
import { createServerDatabase, TEST_JWT_SECRET } from './harness.ts';
import { eventually, openLiveStream } from './live-stream.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';

/**
 * Issue 7, section 3: two real server processes (`node apps/api/src/server.ts`) on one fresh PostgreSQL
 * database, proven over HTTP to behave as one: sign-out, sign-in lock-out, the API rate limit and the live
 * board, and the mail outbox (each message sent by exactly one of them). Each part sends its own client address (`X-Forwarded-For`, the servers trust it here) so the parts'
 * requests do not share one rate-limit or lock-out counter. PostgreSQL only (PGlite belongs to one process).
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const root = resolve(import.meta.dirname, '../../..');
const ADMIN_EMAIL = 'owner@multi.example';
const ADMIN_PASSWORD = 'Harbour-gate-4417-multi';
const RATE_LIMIT = 8;
const SYNC_MS = 50;
const LOGIN_LIMIT = 3;

interface Server {
  url: string;
  process: ChildProcess;
  output: string[];
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function startServer(databaseUrl: string, smtpUrl: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(resolve(root, 'node_modules/.bin/node'), ['--max-semi-space-size=8', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      JWT_SECRET: TEST_JWT_SECRET,
      RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      RATE_LIMIT_SYNC_MS: String(SYNC_MS),
      LOGIN_MAX_FAILURES_PER_IDENTIFIER: String(LOGIN_LIMIT),
      LOGIN_MAX_FAILURES_PER_ADDRESS: '50',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      // Both processes run a mail worker on the one outbox.
      SMTP_URL: smtpUrl,
      MAIL_POLL_INTERVAL_MS: '200',
      // Both processes run the report schedule, often.
      REPORT_SCHEDULE_INTERVAL_MS: '200',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const server = { url: `http://127.0.0.1:${port}`, process: child, output };
  const ready = await eventually(async () => {
    if (child.exitCode !== null) return true;
    return fetch(`${server.url}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
  }, 30_000);
  if (!ready || child.exitCode !== null) throw new Error(`server did not start: ${output.join('')}`);
  return server;
}

async function stopServer(server: Server | undefined) {
  if (!server || server.process.exitCode !== null || server.process.signalCode !== null) return;
  server.process.kill('SIGTERM');
  const exited = once(server.process, 'exit');
  const timeout = new Promise((done) => setTimeout(done, 5000).unref());
  if ((await Promise.race([exited.then(() => 'exited'), timeout])) !== 'exited') server.process.kill('SIGKILL');
}

/** A request as a client at `address` would send it. */
function request(
  server: Server,
  path: string,
  address: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  return fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'x-forwarded-for': address,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

const login = (server: Server, address: string, password: string) =>
  request(server, '/api/auth/login', address, {
    method: 'POST',
    body: { email: ADMIN_EMAIL, password, type: 'email', org_instance_id: ORG_INSTANCE_ID },
  });

let database: { url: string; drop: () => Promise<void> } | undefined;
let smtp: TestSmtpServer | undefined;
let first: Server | undefined;
let second: Server | undefined;
interface LiveSession {
  access_token: string;
  user_data: { company_id: number };
}
let liveSession: LiveSession | undefined;
const servers = () => {
  if (!first || !second) throw new Error('servers not started');
  return [first, second] as const;
};

beforeAll(async () => {
  if (!onPostgres) return;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  database = await createServerDatabase(serverUrl);
  smtp = await startSmtpServer();
  // One after the other: the first migrates and creates the first admin, the second finds them.
  first = await startServer(database.url, smtp.url);
  second = await startServer(database.url, smtp.url);
  // The live-board part's session, before the lock-out part locks the account.
  const signedIn = await login(second, '198.51.100.200', ADMIN_PASSWORD);
  if (signedIn.status !== 202) throw new Error(`sign-in failed: ${signedIn.status}`);
  liveSession = ((await signedIn.json()) as { data: LiveSession }).data;
}, 60_000);

afterAll(async () => {
  await Promise.all([stopServer(first), stopServer(second)]);
  await smtp?.close();
  await database?.drop();
}, 20_000);

/** Waits while the current minute (the rate limit's window) has less than `seconds` left. */
async function awayFromWindowEdge(seconds = 5) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await new Promise((done) => setTimeout(done, left + 50));
}

describe.runIf(onPostgres)('two server processes on one PostgreSQL database', () => {
  it('a sign-out on A stops the access token on B', async () => {
    const [a, b] = servers();
    const signedIn = await login(a, '198.51.100.1', ADMIN_PASSWORD);
    expect(signedIn.status).toBe(202);
    const tokens = ((await signedIn.json()) as { data: { access_token: string; refresh_token: string } }).data;
    const bearer = { authorization: `Bearer ${tokens.access_token}` };
    let probe = 0;
    // A new address per probe: the polling never meets the rate limit.
    const onB = () =>
      request(b, '/api/airport/list', `198.51.100.${10 + probe++}`, { headers: bearer }).then((response) => response.status);
    expect(await onB()).toBe(200);
    expect(await onB()).toBe(200);

    const out = await request(a, '/api/auth/logout', '198.51.100.2', { method: 'POST', body: { refresh_token: tokens.refresh_token } });
    expect(out.status).toBe(200);
    expect(await eventually(async () => (await onB()) === 401)).toBe(true);
  });

  it('failed sign-ins on A and B count together: the account locks at the limit, not at twice it', async () => {
    const [a, b] = servers();
    const address = '203.0.113.7';
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMIT; i++) statuses.push((await login(i % 2 === 0 ? a : b, address, 'Wrong-password-1')).status);
    expect(statuses).toEqual(Array(LOGIN_LIMIT).fill(401));
    // Locked on both, even for the right password from an address that never signed in to the account.
    for (const server of [a, b]) {
      const locked = await login(server, address, ADMIN_PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.headers.get('retry-after')).not.toBeNull();
    }
  });

  it('share the API rate limit: requests alternating between A and B get 429 at the limit, not at twice it', async () => {
    const [a, b] = servers();
    await awayFromWindowEdge();
    const address = '192.0.2.50';
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 4; i++) {
      // Any API call counts (an unsigned call to a public one answers 401 before the limit).
      statuses.push((await request(i % 2 === 0 ? a : b, '/api/web-config', address)).status);
      // Beyond one sync interval: the shared count's tolerance (docs/operations.md).
      await new Promise((done) => setTimeout(done, SYNC_MS * 3));
    }
    expect(statuses.slice(0, RATE_LIMIT).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(RATE_LIMIT)).toEqual([429, 429, 429, 429]);
  });

  it('a live event from another process reaches a stream opened on B', async () => {
    const [, b] = servers();
    const session = liveSession;
    if (!session) throw new Error('no session');
    const stream = await openLiveStream(b.url, { authorization: `Bearer ${session.access_token}`, 'x-forwarded-for': '198.51.100.201' });
    expect(stream.status).toBe(200);
    const notifier = new pg.Client({ connectionString: database?.url });
    await notifier.connect();
    try {
      const companyId = session.user_data.company_id;
      let bookingId = 1;
      // B's LISTEN may still be connecting: notify until it hears one, then make sure it hears the next.
      expect(
        await eventually(async () => {
          await notifier.query('select pg_notify($1, $2)', [
            LIVE_CHANNEL,
            JSON.stringify({ company_id: companyId, booking_id: bookingId++, action: 'status' }),
          ]);
          await new Promise((done) => setTimeout(done, 50));
          return stream.events.length > 0;
        }),
      ).toBe(true);
      await notifier.query('select pg_notify($1, $2)', [
        LIVE_CHANNEL,
        JSON.stringify({ company_id: companyId + 1000, booking_id: 500, action: 'created' }),
      ]);
      await notifier.query('select pg_notify($1, $2)', [
        LIVE_CHANNEL,
        JSON.stringify({ company_id: companyId, booking_id: 501, action: 'created' }),
      ]);
      expect(await eventually(() => stream.events.some((event) => event.booking_id === 501))).toBe(true);
      expect(stream.events.every((event) => event.company_id === companyId)).toBe(true);
    } finally {
      stream.close();
      await notifier.end();
    }
  });

  it('send each queued mail exactly once between them: twelve bookings made through A and B, twelve messages received', async () => {
    const [a, b] = servers();
    const session = liveSession;
    if (!session || !database || !smtp) throw new Error('not started');
    const handle = await openDatabase({ databaseUrl: database.url, dataDir: 'memory://', connectTimeoutMs: 3000 });
    const route = await insertBookingRoute(handle.db, session.user_data.company_id).finally(() => handle.close());
    const references: string[] = [];
    for (let i = 0; i < 12; i++) {
      // Each booking queues its confirmation; both processes' workers wake on the same NOTIFY.
      const made = await request(i % 2 === 0 ? a : b, '/api/booking/add', `198.51.100.${100 + i}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.access_token}` },
        body: bookingBody(route, { customer_email: `customer-${i}@multi.example`, vehicle_reg: `MP${i} ABC` }),
      });
      expect(made.status).toBe(201);
      references.push(((await made.json()) as { data: { reference: string } }).data.reference);
    }
    expect(await eventually(async () => smtp?.received.length === 12, 20_000)).toBe(true);
    // A little longer: a message sent twice would arrive now.
    await new Promise((done) => setTimeout(done, 1000));
    const subjects = smtp.received.map(({ mail }) => mail.subject ?? '');
    expect(subjects).toHaveLength(12);
    for (const reference of references) expect(subjects.filter((subject) => subject.includes(reference))).toHaveLength(1);
  });

  it('send a subscribed report once: both schedulers find the period due, one queues it, the mail arrives once with its XLSX', async () => {
    if (!database || !smtp) throw new Error('not started');
    const handle = await openDatabase({ databaseUrl: database.url, dataDir: 'memory://', connectTimeoutMs: 3000 });
    try {
      const [owner] = await handle.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
      if (!owner?.company_id) throw new Error('no owner');
      // Subscribed weeks ago: last week's report is due now on both processes' next round.
      await handle.db.insert(reportSubscriptions).values({
        company_id: owner.company_id,
        user_id: owner.id,
        frequency: 'weekly',
        language: 'en',
        created_at: new Date(Date.now() - 30 * 86_400_000),
      });
      const reports = () => smtp?.received.filter(({ mail }) => mail.subject?.includes('weekly report')) ?? [];
      expect(await eventually(async () => reports().length === 1, 20_000)).toBe(true);
      // Many more rounds of both schedulers (every 200 ms): a second copy would arrive now.
      await new Promise((done) => setTimeout(done, 1500));
      expect(reports()).toHaveLength(1);
      expect(reports()[0]?.to).toEqual([ADMIN_EMAIL]);
      expect(reports()[0]?.mail.attachments.map((file) => file.contentType)).toContain(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(await handle.db.select().from(reportDeliveries)).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });
});
