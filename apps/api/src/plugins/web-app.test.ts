import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';

// A built web app in miniature, with the build's preload list (apps/web/vite.config.ts, preloadManifest).
const dist = mkdtempSync(join(tmpdir(), 'ps-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><head><meta name="ps-client-key" content="" /></head><div id="root"></div>');
writeFileSync(
  join(dist, 'preload.json'),
  JSON.stringify({
    shell: ['assets/layouts-1.js', 'assets/layouts-1.css'],
    features: { dashboard: ['assets/dashboard-2.js', 'assets/en-3.js'], bookings: ['assets/bookings-4.js'] },
  }),
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).body;
const preloaded = (html: string) =>
  [...html.matchAll(/<link rel="(?:modulepreload|preload)"[^>]* href="\/([^"]+)"/g)].map((match) => match[1]);

describe('the web app page', () => {
  it("names a signed-in screen's chunks for the browser to fetch beside the entry: the shell's and its feature's", async () => {
    const dashboard = await page('/1/dashboard');
    expect(preloaded(dashboard)).toEqual(['assets/layouts-1.js', 'assets/layouts-1.css', 'assets/dashboard-2.js', 'assets/en-3.js']);
    expect(dashboard).toContain('<link rel="preload" as="style" crossorigin href="/assets/layouts-1.css" />');
    expect(dashboard).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard-2.js" />');
    expect(preloaded(await page('/12/bookings/7?tab=payments'))).toEqual([
      'assets/layouts-1.js',
      'assets/layouts-1.css',
      'assets/bookings-4.js',
    ]);
    // A path named otherwise than its feature's folder: the shell only.
    expect(preloaded(await page('/1/park-ride'))).toEqual(['assets/layouts-1.js', 'assets/layouts-1.css']);
    expect(preloaded(await page('/org/companies'))).toEqual(['assets/layouts-1.js', 'assets/layouts-1.css']);
  });

  it('names none on the sign-in pages, whose weight is budgeted', async () => {
    for (const url of ['/auth/login', '/auth/admin/login', '/']) expect(preloaded(await page(url)), url).toEqual([]);
  });
});
