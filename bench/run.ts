// `npm run bench`: load figures for the main read paths and the sign-in page. Prints numbers; never fails a
// build. The servers run in their own processes (forked), autocannon runs here, so the load generator never
// shares the server's event loop. Each API figure is printed beside a plain Fastify + pg handler running the
// same SQL, as a ratio.
//
// Database: PostgreSQL at BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres;
// a throwaway database is created there (and dropped after) with the demo data and 2,000 airports. Without a
// reachable server the product runs on the embedded database (PGlite) and the plain handler is skipped.
//
// Bookings (issue 7): a company of its own with --bookings (default 100,000) bookings over two years; skipped with
// --no-bookings. The global search (issue 21) types into that company: skipped with it.
//
// Usage: npm run bench [-- --seconds 10 --connections 10 --bookings 100000 --no-bookings --profile --no-lighthouse --no-cold-load
//   --only <text> --soak <minutes> --metrics --scrape-ms 1000]
//
// --metrics (issue 24): the product serves /metrics and the runner scrapes it during every product scenario (every
// --scrape-ms), then prints the scrapes' cost and what an operator reads from them (bench/metrics.ts).
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedReferenceData } from '../apps/api/src/db/reference.ts';
import { airports, users } from '../apps/api/src/db/schema/index.ts';
import { DEMO_ADMIN, seedDemoData } from '../apps/api/src/demo/demo.ts';
import { API_DIST_DIR, buildApiBundle } from '../scripts/build-api.ts';
import { bookingScenarios, seedBookingsBench } from './bookings.ts';
import { coldLoadFigures } from './cold-load.ts';
import { driverScenarios, seedDriversBench } from './drivers.ts';
import type { RunnerMessage, ServerMessage } from './ipc.ts';
import { createScraper, type Scraper } from './metrics.ts';
import { QUOTE_BENCH_ADMIN, seedQuoteBench } from './quote.ts';
import type { Load, Scenario } from './scenario.ts';
import { searchAsYouType, searchScenarios, seedSearchBench } from './search.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10' },
    airports: { type: 'string', default: '2000' },
    bookings: { type: 'string', default: '100000' },
    'no-bookings': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-cold-load': { type: 'boolean', default: false },
    soak: { type: 'string', default: '0' },
    only: { type: 'string' },
    metrics: { type: 'boolean', default: false },
    'scrape-ms': { type: 'string', default: '1000' },
  },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);
const airportCount = Number(values.airports);
const bookingCount = values['no-bookings'] ? 0 : Number(values.bookings);
const JWT_SECRET = randomBytes(32).toString('hex');
const here = import.meta.dirname;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

// ---- database ----------------------------------------------------------------------------------------------

async function createServerDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const name = `ps_bench_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    console.warn(`PostgreSQL at ${new URL(serverUrl).host} is not usable (${(error as Error).message}): embedded database instead.`);
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Migrations, reference and demo data, and the bench's airports for the demo admin's company. */
async function seed(databaseUrl: string | undefined, dataDir: string): Promise<number> {
  const database = await openDatabase({ databaseUrl, dataDir, connectTimeoutMs: 3000 });
  await database.migrate();
  await seedReferenceData(database.db);
  await seedDemoData(database.db);
  const [admin] = await database.db.select({ company_id: users.company_id }).from(users).where(eq(users.email, DEMO_ADMIN.email));
  const companyId = admin?.company_id;
  if (!companyId) throw new Error('the demo admin has no company');
  const [existing] = await database.db.select({ total: count() }).from(airports).where(eq(airports.company_id, companyId));
  // Codes QAA, QAB ... (Q to S): clear of the demo data's real ones.
  const letter = (n: number) => String.fromCharCode(65 + (n % 26));
  const rows = Array.from({ length: Math.max(0, airportCount - (existing?.total ?? 0)) }, (_, index) => ({
    company_id: companyId,
    iata_code: `${letter(16 + Math.floor(index / 676))}${letter(Math.floor(index / 26))}${letter(index)}`,
    name: `Bench Airport ${index}`,
    country_id: 826,
    time_zone: 'Europe/London',
  }));
  for (let start = 0; start < rows.length; start += 500) await database.db.insert(airports).values(rows.slice(start, start + 500));
  await database.close();
  return companyId;
}

// ---- servers in their own processes ------------------------------------------------------------------------

interface Server {
  address: string;
  child: ChildProcess;
  memory(): Promise<{ rss: number; heapUsed: number; heapTotal: number }>;
  stop(): Promise<void>;
}

function startServer(script: string, env: Record<string, string>, execArgv: string[] = []): Promise<Server> {
  const child = fork(resolve(here, script), [], {
    env: { ...process.env, ...env },
    execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolvePromise, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    child.once('message', (message: ServerMessage) => {
      if (message.type !== 'listening') return;
      resolvePromise({
        address: message.address,
        child,
        memory: () =>
          new Promise((resolveMemory) => {
            child.once('message', (reply: ServerMessage) => {
              if (reply.type === 'memory') resolveMemory(reply);
            });
            child.send({ type: 'memory' } satisfies RunnerMessage);
          }),
        stop: () =>
          new Promise((resolveStop) => {
            child.removeAllListeners('exit');
            child.once('exit', () => resolveStop());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

// ---- load ---------------------------------------------------------------------------------------------------

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  rssUnderLoad: number;
  heapUnderLoad: number;
  /** V8's committed heap (`heapTotal`): what the heap holds from the system, used or not. */
  heapCommittedUnderLoad: number;
}

/** Requests autocannon sent to the product (`--metrics` compares them with the server's own count). */
let productRequests = 0;

async function load(server: Server, { path, headers, body, requestHeaders, connections: own }: Load, scraper?: Scraper): Promise<Figures> {
  scraper?.start();
  let peak = 0;
  let heap = 0;
  let heapCommitted = 0;
  const sampler = setInterval(() => {
    void server.memory().then(({ rss, heapUsed, heapTotal }) => {
      peak = Math.max(peak, rss);
      heap = Math.max(heap, heapUsed);
      heapCommitted = Math.max(heapCommitted, heapTotal);
    });
  }, 500);
  let sent = 0;
  const result = await autocannon({
    url: `${server.address}${path}`,
    headers,
    duration,
    connections: own ?? connections,
    ...(body
      ? {
          requests: [
            {
              method: 'POST' as const,
              headers: { ...headers, 'content-type': 'application/json' },
              setupRequest: (request: autocannon.Request) => {
                const n = sent++;
                return {
                  ...request,
                  body: body(n),
                  ...(requestHeaders ? { headers: { ...request.headers, ...requestHeaders(n) } } : {}),
                };
              },
            },
          ],
        }
      : {}),
  });
  clearInterval(sampler);
  await scraper?.stop();
  if (scraper) productRequests += result.requests.total;
  peak = Math.max(peak, (await server.memory()).rss);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    rssUnderLoad: peak,
    heapUnderLoad: heap,
    heapCommittedUnderLoad: heapCommitted,
  };
}

/**
 * A mixed soak (issue 20): the GET scenarios in turn on every connection for `minutes`, the server's RSS sampled every
 * 10 s. A leak shows as the RSS still growing after the first minute (the heap and the pools have warmed up by then).
 */
async function soak(server: Server, scenarios: Scenario[], minutes: number): Promise<void> {
  const reads = scenarios.filter((scenario) => !scenario.body && scenario.path.startsWith('/api/'));
  const samples: { at: number; rss: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    void server.memory().then(({ rss }) => samples.push({ at: Date.now() - started, rss }));
  }, 10_000);
  const result = await autocannon({
    url: server.address,
    duration: minutes * 60,
    connections,
    requests: reads.map((scenario) => ({ method: 'GET' as const, path: scenario.path, headers: scenario.headers })),
  });
  clearInterval(sampler);
  const first = samples.find((sample) => sample.at >= 60_000) ?? samples[0];
  const last = samples.at(-1);
  if (!first || !last) return;
  const growth = ((last.rss - first.rss) / first.rss) * 100;
  console.log(
    `\nsoak: ${minutes} min of ${reads.length} GET scenarios in turn at ${connections} connections, ${Math.round(result.requests.average)} req/s, ${result.errors + result.non2xx} errors; RSS ${mb(first.rss)} after 1 min, ${mb(last.rss)} at the end (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %, target <= +10 %); peak ${mb(Math.max(...samples.map((sample) => sample.rss)))}`,
  );
  console.log(
    `  RSS every minute: ${samples
      .filter((_sample, index) => index % 6 === 5)
      .map((sample) => mb(sample.rss))
      .join(', ')}`,
  );
}

// ---- run ------------------------------------------------------------------------------------------------------

const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const serverDatabase = await createServerDatabase(serverUrl);
const dataDir = serverDatabase ? 'memory://' : mkdtempSync(join(tmpdir(), 'ps-bench-'));
const companyId = await seed(serverDatabase?.url, dataDir);
const quoteBench = await seedQuoteBench(serverDatabase?.url, dataDir);
const bookingsBench = bookingCount > 0 ? await seedBookingsBench(serverDatabase?.url, dataDir, bookingCount) : undefined;
const driversBench = await seedDriversBench(serverDatabase?.url, dataDir);
// The global search types into the bookings bench's company (issue 21), with its drivers and agencies added.
const searchBench = bookingsBench ? await seedSearchBench(serverDatabase?.url, dataDir, bookingsBench) : undefined;
if (bookingsBench) console.log(`seeded ${bookingCount.toLocaleString('en')} bookings in ${(bookingsBench.seedMs / 1000).toFixed(1)} s`);
const databaseEnv: Record<string, string> = serverDatabase ? { DATABASE_URL: serverDatabase.url } : { DATA_DIR: dataDir };
const profileDir = values.profile ? mkdtempSync(join(tmpdir(), 'ps-bench-profile-')) : undefined;

// The product runs with the V8 flags of `npm start` (root package.json); BENCH_NODE_FLAGS overrides them.
const startScript = (JSON.parse(readFileSync(resolve(here, '../package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
const productFlags = (process.env.BENCH_NODE_FLAGS ?? startScript.match(/node ((?:--\S+ )*)apps\/api/)?.[1] ?? '')
  .split(' ')
  .filter(Boolean);
// Built as `npm start` runs it: one bundle of our TypeScript (scripts/build-api.ts), packages from node_modules.
const productBundle = resolve(API_DIST_DIR, 'bench-server.js');
await buildApiBundle(resolve(here, 'server-product.ts'), productBundle);
const metricsToken = values.metrics ? randomBytes(24).toString('hex') : undefined;
const product = await startServer(productBundle, { ...databaseEnv, JWT_SECRET, ...(metricsToken ? { METRICS_TOKEN: metricsToken } : {}) }, [
  ...productFlags,
  ...(profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : []),
]);
const plain = serverDatabase
  ? await startServer('server-plain.ts', {
      ...databaseEnv,
      BENCH_COMPANY_ID: String(companyId),
      BENCH_QUOTE_COMPANY_ID: String(quoteBench.companyId),
      ...(bookingsBench ? { BENCH_BOOKINGS_COMPANY_ID: String(bookingsBench.companyId) } : {}),
    })
  : undefined;

try {
  await new Promise((wait) => setTimeout(wait, 1000));
  const idle = await product.memory();
  const scraper = metricsToken ? createScraper(product.address, metricsToken, Number(values['scrape-ms'])) : undefined;

  const signIn = async (email: string, password: string) => {
    const login = await fetch(`${product.address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, type: 'email', org_instance_id: 1 }),
    });
    return { authorization: `Bearer ${((await login.json()) as { data: { access_token: string } }).data.access_token}` };
  };
  const bearer = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const quoteBearer = await signIn(QUOTE_BENCH_ADMIN.email, QUOTE_BENCH_ADMIN.password);
  const quoteCheck = await fetch(`${product.address}/api/location-price/admin/list?${quoteBench.query}`, { headers: quoteBearer });
  if (quoteCheck.status !== 200) throw new Error(`the bench quote answers ${quoteCheck.status}: ${await quoteCheck.text()}`);
  const listed = (await (await fetch(`${product.address}/api/airport/list?page_size=1`, { headers: bearer })).json()) as {
    data: { id: number }[];
  };
  const someId = listed.data[0]?.id ?? 1;

  const scenarios: Scenario[] = [
    { name: 'GET /healthz', path: '/healthz', headers: {} },
    { name: 'GET /api/airport/get/{id}', path: `/api/airport/get/${someId}`, headers: bearer, plain: `/plain/airport/get/${someId}` },
    {
      name: 'GET /api/airport/list (page 1, 50 rows)',
      path: '/api/airport/list?page_size=50',
      headers: bearer,
      plain: '/plain/airport/list?page_size=50',
    },
    { name: 'GET /api/airport/list?search=bench&sort=-name', path: '/api/airport/list?search=bench&sort=-name&page=3', headers: bearer },
    {
      name: 'GET /api/location-price/admin/list (quote)',
      path: `/api/location-price/admin/list?${quoteBench.query}`,
      headers: quoteBearer,
      plain: `/plain/quote?${quoteBench.query}`,
    },
    {
      // The same quote through the public booking API (issue 23): the client key instead of a user, active records only.
      name: 'GET /api/public/quote (client key)',
      path: `/api/public/quote?${quoteBench.query}`,
      headers: { authorization: quoteBench.clientKeyAuthorization },
      plain: `/plain/quote?${quoteBench.query}`,
    },
  ];
  if (bookingsBench) scenarios.push(...(await bookingScenarios(product.address, bookingsBench, signIn)));
  scenarios.push(...(await driverScenarios(product.address, driversBench, signIn)));
  if (searchBench) scenarios.push(...(await searchScenarios(product.address, searchBench, signIn)));

  console.log(
    `\nParking Solutions API: ${duration}s per scenario, ${connections} connections unless the scenario says, ${serverDatabase ? `PostgreSQL (${airportCount} airports` : `embedded PGlite (${airportCount} airports`}, ${bookingCount.toLocaleString('en')} bookings${serverDatabase ? ')' : '; no plain handler)'}\n`,
  );
  console.log(
    'scenario'.padEnd(58),
    'req/s'.padStart(7),
    'p50'.padStart(5),
    'p99'.padStart(5),
    'err'.padStart(5),
    'rss MB'.padStart(7),
    ' | plain req/s  p50  p99  ratio',
  );
  let peakRss = idle.rss;
  let peakHeap = idle.heapUsed;
  let peakHeapCommitted = idle.heapTotal;
  // `--only booking/list` runs the scenarios whose name holds that text (a focused run, e.g. with --profile).
  for (const scenario of scenarios.filter((each) => !values.only || each.name.includes(values.only))) {
    const figures = await load(product, scenario, scraper);
    peakRss = Math.max(peakRss, figures.rssUnderLoad);
    peakHeap = Math.max(peakHeap, figures.heapUnderLoad);
    peakHeapCommitted = Math.max(peakHeapCommitted, figures.heapCommittedUnderLoad);
    let yardstick = '';
    if (plain && scenario.plain) {
      const base = await load(plain, { ...scenario, path: scenario.plain, headers: {} });
      yardstick = ` | ${String(Math.round(base.rps)).padStart(11)} ${String(base.p50).padStart(4)} ${String(base.p99).padStart(4)}  ${((figures.rps / base.rps) * 100).toFixed(0).padStart(4)} %`;
    }
    console.log(
      scenario.name.padEnd(58),
      String(Math.round(figures.rps)).padStart(7),
      String(figures.p50).padStart(5),
      String(figures.p99).padStart(5),
      String(figures.errors).padStart(5),
      // The product's peak RSS during this scenario: which load makes the memory grow.
      String(Math.round(figures.rssUnderLoad / 1024 / 1024)).padStart(7),
      yardstick,
    );
  }
  console.log(
    `\nproduct server RSS: ${mb(idle.rss)} idle, ${mb(peakRss)} peak under load (target <= 200 MB on PostgreSQL, issue 20); JS heap used ${mb(idle.heapUsed)} idle, ${mb(peakHeap)} peak (committed ${mb(idle.heapTotal)} / ${mb(peakHeapCommitted)}); node flags: ${productFlags.join(' ') || 'none'}`,
  );
  if (plain) console.log(`plain server RSS: ${mb((await plain.memory()).rss)}`);
  console.log('targets: get >= 50 % and list >= 75 % of plain, p99 < 20 ms at 10 connections');
  console.log('targets (issue 6): quote median < 5 ms, p99 < 20 ms, >= 50 % of plain (50 locations, 10 bands, 6,000 location prices)');
  console.log('targets (issue 23): public quote >= 75 % of plain; public booking add p50 < 20 ms at 1 connection with 100,000 bookings');
  if (bookingsBench)
    console.log(
      'targets (issue 7): booking list >= 75 % of plain and p99 < 20 ms; booking get >= 50 % of plain; booking add p50 < 15 ms;\n' +
        '  day board and dashboard < 50 ms; statistics by segment < 200 ms with 1,000,000 bookings (--bookings 1000000)',
    );
  console.log(
    'targets (issue 8): trips list of a day with 2,000 trips p99 < 20 ms; dispatch eligibility for 200 drivers < 10 ms;\n' +
      '  payout computation for a driver-month < 20 ms',
  );
  await scraper?.report(productRequests);
  // Typed one key at a time (not autocannon): the figures users wait for. `--only search` runs it too.
  if (searchBench && (!values.only || values.only.includes('search'))) await searchAsYouType(product.address, searchBench, signIn);

  if (Number(values.soak) > 0) await soak(product, scenarios, Number(values.soak));
  if (!values['no-lighthouse']) {
    const details = await fetch(`${product.address}/api/company/details`, { headers: bearer });
    const slug = details.ok ? ((await details.json()) as { data: { booking_slug: string } }).data.booking_slug : null;
    await lighthouseScore(product.address, slug ? `/book/${slug}` : null);
  }
  // The demo company is the first one the demo data makes.
  if (!values['no-cold-load'] && existsSync(resolve(here, '../apps/web/dist/index.html')))
    await coldLoadFigures(product.address, DEMO_ADMIN, 1);
} finally {
  // Let the last requests autocannon left in flight finish before the servers stop.
  await new Promise((wait) => setTimeout(wait, 1000));
  await product.stop();
  await plain?.stop();
  await serverDatabase?.drop();
  if (!serverDatabase) rmSync(dataDir, { recursive: true, force: true });
}
if (profileDir)
  console.log(
    `\nCPU profile of the product server (open in Chrome DevTools): ${readdirSync(profileDir)
      .map((file) => join(profileDir, file))
      .join(', ')}`,
  );

// ---- the sign-in page -------------------------------------------------------------------------------------------

/** Lighthouse (mobile, performance only) on /auth/login, served by the product server with the built app. */
async function lighthouseScore(address: string, bookingPagePath: string | null): Promise<void> {
  if (!existsSync(resolve(here, '../apps/web/dist/index.html'))) {
    console.log('\nLighthouse: skipped, no built web app (npm run build first)');
    return;
  }
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--headless',
    ],
  });
  // The sign-in page (issue 5), and the hosted booking page a customer opens on a phone (issue 23: >= 95).
  const pages = [
    { path: '/auth/login', target: 90 },
    ...(bookingPagePath && existsSync(resolve(here, '../apps/web/dist/booking-page/index.html'))
      ? [{ path: bookingPagePath, target: 95 }]
      : []),
  ];
  try {
    for (const { path, target } of pages) {
      const result = await lighthouse(`${address}${path}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        output: 'json',
        logLevel: 'error',
      });
      const lhr = result?.lhr;
      const score = Math.round((lhr?.categories.performance?.score ?? 0) * 100);
      const metric = (id: string) => lhr?.audits[id]?.displayValue ?? '?';
      console.log(
        `\nLighthouse mobile performance on ${path}: ${score} (target >= ${target}); FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
      );
    }
  } finally {
    chrome.kill();
  }
}

// ---- web bundles --------------------------------------------------------------------------------------------------

const assets = resolve(here, '../apps/web/dist/assets');
if (existsSync(assets)) {
  console.log('\nweb bundles (npm run build first; npm run check:budget weighs what /auth/login loads)'.padEnd(53));
  console.log('file'.padEnd(52), 'raw kB'.padStart(8), 'gzip kB'.padStart(8));
  for (const file of readdirSync(assets)
    .filter((name) => /\.(js|css)$/.test(name))
    .sort()) {
    const content = readFileSync(join(assets, file));
    console.log(
      file.padEnd(52),
      (content.length / 1024).toFixed(1).padStart(8),
      (gzipSync(content, { level: 9 }).length / 1024).toFixed(1).padStart(8),
    );
  }
}
