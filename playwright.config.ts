import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests of the web app against the real API (in-memory database with demo data), which also
 * serves the built app (`npm run test:e2e` builds it first).
 *
 * The JWT secret is made once per run: the config is evaluated again in each worker, and workers inherit
 * this process's environment, so they see the same secret (tests sign an expired token with it).
 */
const JWT_SECRET = process.env.E2E_JWT_SECRET ?? randomBytes(32).toString('hex');
process.env.E2E_JWT_SECRET = JWT_SECRET;

// E2E_PORT lets two checkouts run their browser tests side by side: each project has its own server, on this port and
// the two after it.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true };
const DESKTOP = { viewport: { width: 1440, height: 900 } };
// Airports, sign-in, the account, the kit, the XSS payloads and the roles at work (a quarter of the 1440 px work) run on a
// third server: with two workers, the phone's tests and these end about when the rest of 1440 px does (docs/decisions.md,
// "Browser tests: which width runs what"). The roles at work and the setup checklist ran last on the first server, where
// by then every spec before them had filled the demo company's day: the dispatcher's dashboard and the new company's
// checklist outlasted a test's minute there (in CI and here), and take 7 and 35 s on this one. New specs go here while the
// first server carries most of the suite (its chain of specs is the run's length).
const SECOND_DESKTOP_SPECS = [
  'airports.spec.ts',
  'auth.spec.ts',
  'account.spec.ts',
  'kit.spec.ts',
  'blog-xss.spec.ts',
  'roles-at-work.spec.ts',
  'setup-checklist.spec.ts',
  // The customer's side (issue 23): the booking page runs on a server of its own; customer data on this one.
  'booking-page.spec.ts',
  'customer-data.spec.ts',
  // Limits per 15-minute slot (issue 24, section 2): a server of its own, as its limits would refuse other specs' bookings.
  'slots.spec.ts',
];
const PROJECTS = [
  // The tests tagged for the phone (apps/web/e2e/support.ts): its layout's steps, and each screen's pass in Tamil.
  { name: 'mobile-375', port: PORT, grep: /@phone/, use: PHONE },
  // Every test but the phone-only ones.
  { name: 'desktop-1440', port: PORT + 1, grepInvert: /@phone-only/, testIgnore: SECOND_DESKTOP_SPECS, use: DESKTOP },
  { name: 'desktop-1440-b', port: PORT + 2, grepInvert: /@phone-only/, testMatch: SECOND_DESKTOP_SPECS, use: DESKTOP },
];
const baseUrl = (port: number) => `http://127.0.0.1:${port}`;

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export default defineConfig({
  testDir: './apps/web/e2e',
  // The projects run side by side, two at a time, each on its own server and database; within a project the specs run
  // one after another (they share its demo company), so the suite takes about half the time on two cores.
  fullyParallel: false,
  workers: 2,
  // One more try for a test that fails: a real break fails both and fails the run; a test that passes only the
  // second time is listed as flaky in the report, to be fixed (docs/decisions.md, "Browser tests: one server per
  // width"). Each full run of 440 had lost one different test to a timing race in a busy browser.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    // As a user who asks for less motion: the app then opens dialogs without transitions (theme.ts), so no step
    // waits for, or clicks into, an animation.
    reducedMotion: 'reduce',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: PROJECTS.map(({ port, ...project }) => ({
    ...project,
    workers: 1,
    use: { ...project.use, baseURL: baseUrl(port) },
  })),
  // The server as `npm start` runs it: built by `npm run build` (which `npm run test:e2e` runs first), one per project.
  webServer: PROJECTS.map(({ port }) => ({
    command: 'node_modules/.bin/node apps/api/dist/server.js',
    url: `${baseUrl(port)}/auth/login`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATA_DIR: 'memory://',
      PORT: String(port),
      JWT_SECRET,
      // Tests make a few deliberate wrong sign-ins from one address; the default lock-out is not under test here.
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
      // Every browser test comes from 127.0.0.1: the whole suite passes the per-address API rate limit, which the
      // API tests cover (apps/api/test/security.test.ts).
      RATE_LIMIT_PER_MINUTE: '100000',
    },
  })),
});
