import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from '../../scripts/vite/precompress.ts';

/**
 * The booking page's script budget (issue 23: at most 90 kB of JavaScript, gzipped): a customer on a phone opens it
 * cold, often on a mobile network. The build fails with the figure when the page's scripts outgrow it.
 */
export const BOOKING_PAGE_JS_BUDGET_KB = 90;

function scriptBudget(): Plugin {
  return {
    name: 'ps-booking-page-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const scripts = Object.values(bundle).filter((output) => output.type === 'chunk');
      const bytes = scripts.reduce((total, chunk) => total + gzipSync(chunk.code, { level: 9 }).length, 0);
      const kb = Math.round((bytes / 1024) * 10) / 10;
      this.info(`booking page scripts: ${kb} kB gzipped (budget ${BOOKING_PAGE_JS_BUDGET_KB} kB)`);
      if (kb > BOOKING_PAGE_JS_BUDGET_KB)
        this.error(`the booking page's scripts are ${kb} kB gzipped, over the ${BOOKING_PAGE_JS_BUDGET_KB} kB budget`);
    },
  };
}

/**
 * The hosted booking page (`/book/<slug>`, issue 23 section 2): its own small bundle (Preact, no Mantine), built into
 * the web app's output under `booking-page/`, where the API reads its index.html and serves the assets.
 */
export default defineConfig({
  base: '/booking-page/',
  plugins: [scriptBudget(), precompress()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: '../web/dist/booking-page',
    emptyOutDir: true,
    modulePreload: { polyfill: false },
  },
});
