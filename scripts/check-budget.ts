// The sign-in page's budget, checked by the test command after the build: the API serves the built app
// (in-memory database with demo data, on a free port), Chromium opens /auth/login as a first-time visitor,
// and every script and stylesheet the page loads before sign-in is weighed gzipped (level 9, as the build
// writes its .gz files). Fails with the numbers when over. Usage: npm run build && npm run check:budget
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { buildApp } from '../apps/api/src/app.ts';
import { bootstrapDatabase } from '../apps/api/src/bootstrap.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';

export const BUDGET_KB = { js: 165, css: 12 } as const;

const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'warn', JWT_SECRET: 'budget-check-secret-long-enough-for-hs256' });
const database = await openDatabase({ dataDir: config.DATA_DIR, connectTimeoutMs: 3000 });
const { secret } = await bootstrapDatabase(database, config);
const app = await buildApp({ config, database, secret });
const address = await app.listen({ host: '127.0.0.1', port: 0 });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-dev-shm-usage',
  ],
});
const files: { url: string; kind: 'js' | 'css'; gzip: number }[] = [];
let failed = false;
try {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then((body) => {
        files.push({
          url: new URL(response.url()).pathname,
          kind: type === 'script' ? 'js' : 'css',
          gzip: gzipSync(body, { level: 9 }).length,
        });
      }),
    );
  });
  await page.goto(`${address}/auth/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button').first().waitFor();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
} finally {
  await browser.close();
  await app.close();
  await database.close();
}

console.log('Sign-in page (/auth/login, first visit), gzipped:');
for (const file of files.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${(file.gzip / 1024).toFixed(1).padStart(7)} kB  ${file.url}`);
for (const kind of ['js', 'css'] as const) {
  const total = files.filter((file) => file.kind === kind).reduce((sum, file) => sum + file.gzip, 0) / 1024;
  const over = total > BUDGET_KB[kind];
  failed ||= over;
  console.log(
    `${kind.toUpperCase().padEnd(4)} ${total.toFixed(1)} kB of ${BUDGET_KB[kind]} kB${over ? `  OVER BUDGET by ${(total - BUDGET_KB[kind]).toFixed(1)} kB` : ''}`,
  );
}
if (!files.some((file) => file.kind === 'js')) {
  console.error('No script was loaded: is apps/web/dist built (npm run build)?');
  failed = true;
}
process.exitCode = failed ? 1 : 0;
