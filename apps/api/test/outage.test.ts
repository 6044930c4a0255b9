import { randomUUID } from 'node:crypto';
import { type AddressInfo, createServer, connect as netConnect, type Server, type Socket } from 'node:net';
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { TokenService } from '../src/lib/tokens.ts';
import { createCompanyWithAdmin, loginBody } from './factories.ts';
import { createTestContext, TEST_JWT_SECRET, type TestContext } from './harness.ts';

const CONNECT_TIMEOUT_MS = 500;
/** Generous: an outage must be answered within the connect timeout plus a second, never hang. */
const OUTAGE_ANSWER_BOUND_MS = CONNECT_TIMEOUT_MS + 1000;

/** The app over a PostgreSQL URL, with nothing migrated or seeded: buildApp itself touches no database. */
async function appOver(databaseUrl: string): Promise<{ app: FastifyInstance; database: Database }> {
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: TEST_JWT_SECRET,
      DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    },
    { WEB_DIST_DIR: '/nonexistent' },
  );
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
  });
  const app = await buildApp({ config, database, secret: TEST_JWT_SECRET });
  await app.ready();
  return { app, database };
}

async function timed(app: FastifyInstance, options: InjectOptions) {
  const started = performance.now();
  const response = await app.inject(options);
  return { response, elapsed: performance.now() - started };
}

const tokens = new TokenService(TEST_JWT_SECRET, { access: 900, refresh: 900, step: 300 });

/** A bearer token that verifies: the request gets past the signature and must then ask the database. */
async function validAccessToken(userId = 1, companyId = 1) {
  const token = await tokens.sign({ typ: 'access', sub: String(userId), role: 'admin', company_id: companyId, fam: randomUUID() });
  return { authorization: `Bearer ${token}` };
}

function expectUnavailable(response: { statusCode: number; json(): unknown; headers: Record<string, unknown> }, catalogue = en) {
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({
    message: catalogue.errors.service_unavailable,
    error: 'service_unavailable',
    code: 'service_unavailable',
  });
  expect(response.headers['retry-after']).toBeDefined();
}

/** Every database-backed call of the app, as a caller makes it. */
async function databaseCalls(bearer: Record<string, string>): Promise<InjectOptions[]> {
  return [
    { method: 'POST', url: '/api/auth/login', payload: loginBody('admin@example.com', 'Passw0rd!') },
    {
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: await tokens.sign({ typ: 'refresh', sub: '1', jti: randomUUID(), fam: randomUUID() }) },
    },
    { method: 'GET', url: '/api/airport/list', headers: bearer },
    {
      method: 'POST',
      url: '/api/airport/add',
      headers: bearer,
      payload: { iata_code: 'LHR', name: 'Heathrow', country_id: 826, time_zone: 'Europe/London' },
    },
    { method: 'GET', url: '/api/country/?page_size=1000', headers: bearer },
    { method: 'GET', url: '/api/web-config', headers: { authorization: `Basic ${Buffer.from('1:some-key').toString('base64')}` } },
  ];
}

describe('database away from the start', () => {
  const opened: Array<{ app: FastifyInstance; database: Database }> = [];
  const servers: Server[] = [];
  afterAll(async () => {
    for (const { app, database } of opened) {
      await app.close();
      await database.close();
    }
    for (const server of servers) await new Promise((done) => server.close(done));
  });

  it('a server nobody listens on: alive, not ready, and 503 with the localised message for every call, fast', async () => {
    const started = performance.now();
    const built = await appOver('postgres://postgres@127.0.0.1:1/none');
    opened.push(built);
    const { app } = built;
    // Building the app never waits for the database.
    expect(performance.now() - started).toBeLessThan(OUTAGE_ANSWER_BOUND_MS);

    const health = await timed(app, { method: 'GET', url: '/healthz' });
    expect(health.response.statusCode).toBe(200);
    expect(health.response.json()).toEqual({ status: 'ok' });

    const ready = await timed(app, { method: 'GET', url: '/readyz' });
    expect(ready.response.statusCode).toBe(503);
    expect(ready.response.json()).toEqual({ status: 'unavailable' });
    expect(ready.elapsed).toBeLessThan(OUTAGE_ANSWER_BOUND_MS);

    const login = await timed(app, { method: 'POST', url: '/api/auth/login', payload: loginBody('admin@example.com', 'Passw0rd!') });
    expectUnavailable(login.response);
    expect(login.elapsed).toBeLessThan(OUTAGE_ANSWER_BOUND_MS);

    const tamil = await timed(app, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'ta' },
      payload: loginBody('admin@example.com', 'Passw0rd!'),
    });
    expectUnavailable(tamil.response, ta);
    expect(tamil.elapsed).toBeLessThan(OUTAGE_ANSWER_BOUND_MS);

    for (const call of await databaseCalls(await validAccessToken())) {
      const { response, elapsed } = await timed(app, call);
      expectUnavailable(response);
      expect(elapsed, `${call.method} ${call.url}`).toBeLessThan(OUTAGE_ANSWER_BOUND_MS);
      expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack/);
    }

    // What needs no database still works: bad input and missing sign-in are answered as usual.
    const invalid = await app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(invalid.statusCode).toBe(400);
    const anonymous = await app.inject({ method: 'GET', url: '/api/airport/list' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe(en.errors.unauthorized);
  });

  it('a server that accepts connections but never answers: 503 once the connect timeout passes, not a hang', async () => {
    const held: Socket[] = [];
    const silent = createServer((socket) => {
      held.push(socket);
      socket.on('error', () => {});
    });
    servers.push(silent);
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const { port } = silent.address() as AddressInfo;
    const built = await appOver(`postgres://postgres@127.0.0.1:${port}/none`);
    opened.push(built);

    const ready = await timed(built.app, { method: 'GET', url: '/readyz' });
    expect(ready.response.statusCode).toBe(503);
    expect(ready.response.json()).toEqual({ status: 'unavailable' });
    expect(ready.elapsed).toBeLessThan(OUTAGE_ANSWER_BOUND_MS);

    const login = await timed(built.app, { method: 'POST', url: '/api/auth/login', payload: loginBody('admin@example.com', 'Passw0rd!') });
    expectUnavailable(login.response);
    expect(login.elapsed).toBeLessThan(OUTAGE_ANSWER_BOUND_MS);

    const list = await timed(built.app, { method: 'GET', url: '/api/airport/list', headers: await validAccessToken() });
    expectUnavailable(list.response);
    expect(list.elapsed).toBeLessThan(OUTAGE_ANSWER_BOUND_MS);
    expect(held.length).toBeGreaterThan(0);
    for (const socket of held) socket.destroy();
  });
});

/** A TCP proxy in front of the PostgreSQL server that can be cut and restored on the same port. */
class CuttableProxy {
  readonly #target: { host: string; port: number };
  readonly #sockets = new Set<Socket>();
  #server: Server | undefined;
  port = 0;

  constructor(target: { host: string; port: number }) {
    this.#target = target;
  }

  async start(port = this.port): Promise<void> {
    const server = createServer((client) => {
      const upstream = netConnect(this.#target.port, this.#target.host);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(port, '127.0.0.1', () => done());
    });
    this.#server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  /** Stops listening and cuts every open connection, as a database host going away would. */
  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
    if (server) await new Promise((done) => server.close(done));
  }

  get running(): boolean {
    return this.#server !== undefined;
  }

  get openConnections(): number {
    return this.#sockets.size;
  }
}

describe.runIf(process.env.TEST_DB === 'postgres')('database lost and back while running (PostgreSQL)', () => {
  let ctx: TestContext;
  let proxy: CuttableProxy;
  let viaProxy: { app: FastifyInstance; database: Database };
  let credentials: { email: string; password: string };

  beforeAll(async () => {
    // A migrated, seeded database of its own on the server; the app under test reaches it through the proxy.
    ctx = await createTestContext();
    const direct = new URL(ctx.config.DATABASE_URL ?? '');
    proxy = new CuttableProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.start(0);
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    viaProxy = await appOver(proxied.toString());
    const { admin } = await createCompanyWithAdmin(ctx.db);
    credentials = { email: admin.email ?? '', password: admin.password };
  });

  afterEach(async () => {
    // A failed test must not leave the proxy down for the next one.
    if (proxy && !proxy.running) await proxy.start();
  });

  afterAll(async () => {
    await viaProxy?.app.close();
    await viaProxy?.database.close();
    await proxy?.stop();
    await ctx?.close();
  });

  const signIn = () =>
    viaProxy.app.inject({ method: 'POST', url: '/api/auth/login', payload: loginBody(credentials.email, credentials.password) });

  it('works through the proxy, answers 503 quickly while the database is away, and recovers by itself', async () => {
    const before = await signIn();
    expect(before.statusCode).toBe(202);
    const bearer = { authorization: `Bearer ${before.json().data.access_token}` };
    const list = await viaProxy.app.inject({ method: 'GET', url: '/api/airport/list', headers: bearer });
    expect(list.statusCode).toBe(200);
    expect((await viaProxy.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    expect(proxy.openConnections).toBeGreaterThan(0);

    await proxy.stop();

    const ready = await timed(viaProxy.app, { method: 'GET', url: '/readyz' });
    expect(ready.response.statusCode).toBe(503);
    expect(ready.response.json()).toEqual({ status: 'unavailable' });
    expect(ready.elapsed).toBeLessThan(OUTAGE_ANSWER_BOUND_MS);

    const login = await timed(viaProxy.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: loginBody(credentials.email, credentials.password),
    });
    expectUnavailable(login.response);
    expect(login.elapsed).toBeLessThan(OUTAGE_ANSWER_BOUND_MS);

    const tamil = await timed(viaProxy.app, { method: 'GET', url: '/api/airport/list', headers: { ...bearer, 'accept-language': 'ta' } });
    expectUnavailable(tamil.response, ta);
    expect(tamil.elapsed).toBeLessThan(OUTAGE_ANSWER_BOUND_MS);

    for (const call of await databaseCalls(bearer)) {
      const { response, elapsed } = await timed(viaProxy.app, call);
      expectUnavailable(response);
      expect(elapsed, `${call.method} ${call.url}`).toBeLessThan(OUTAGE_ANSWER_BOUND_MS);
    }

    await proxy.start();

    // Same process, same pool: the next calls reach the database again.
    const readyAgain = await viaProxy.app.inject({ method: 'GET', url: '/readyz' });
    expect(readyAgain.statusCode).toBe(200);
    expect(readyAgain.json()).toEqual({ status: 'ok' });
    const after = await signIn();
    expect(after.statusCode).toBe(202);
    const listAgain = await viaProxy.app.inject({ method: 'GET', url: '/api/airport/list', headers: bearer });
    expect(listAgain.statusCode).toBe(200);
    expect(listAgain.json().pagination.total).toBe(0);
  });

  it('answers 503 for a call whose connection is cut while it waits, and recovers', async () => {
    const before = await signIn();
    expect(before.statusCode).toBe(202);
    // pg_sleep holds a pooled connection open on the server; cutting the proxy ends it mid-query.
    const sleeping = viaProxy.database.db.execute('select pg_sleep(5)');
    const outcome = sleeping.then(
      () => 'finished',
      (error: unknown) => error,
    );
    await new Promise((done) => setTimeout(done, 200));
    await proxy.stop();
    const error = await outcome;
    expect(error).not.toBe('finished');
    const { isDatabaseUnavailable } = await import('../src/plugins/errors.ts');
    expect(isDatabaseUnavailable(error)).toBe(true);

    await proxy.start();
    const after = await signIn();
    expect(after.statusCode).toBe(202);
  });
});
