// A signed-in cold load on a phone (issue 20, section 7): Chromium at 375 px with the CPU four times slower and a slow
// 4G network (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up), an empty cache and a stored session, opening the
// dashboard. Measured from the navigation's start: when the first API call leaves, how many requests went before it,
// and when the dashboard's figures show their numbers. Runs three times; prints each run and the median.
import { chromium } from '@playwright/test';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** Lighthouse's "slow 4G" and a mid-range phone's CPU. */
export const PHONE_PROFILE = { cpuSlowdown: 4, latencyMs: 150, downKbps: 1600, upKbps: 750 } as const;

export interface ColdLoad {
  /** From the navigation's start to the first `/api/` request. */
  firstApiMs: number;
  /** Requests (scripts, styles, messages...) that started before it. */
  requestsBeforeFirstApi: number;
  /** From the navigation's start to the figures showing numbers. */
  figuresMs: number;
  /** Every request of the load, until the figures showed. */
  requests: number;
}

interface Session {
  access_token: string;
  refresh_token: string;
}

async function signIn(address: string, credentials: { email: string; password: string }): Promise<Session> {
  const response = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'email', ...credentials, org_instance_id: 1 }),
  });
  if (response.status !== 202) throw new Error(`sign-in for the cold load failed: ${response.status}`);
  return ((await response.json()) as { data: Session }).data;
}

/** One cold load of `/{companyId}/dashboard` in a new browser context (nothing cached). */
async function once(address: string, session: Session, companyId: number): Promise<ColdLoad> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
    // The stored session, as the sign-in page leaves it, before any script of the page runs.
    await context.addInitScript(
      ({ tokens, company }) => {
        localStorage.setItem('token', tokens.access_token);
        localStorage.setItem('ref_token', tokens.refresh_token);
        localStorage.setItem('org_id', '1');
        localStorage.setItem('company_id', String(company));
      },
      { tokens: session, company: companyId },
    );
    // When the figures get their numbers, as the page's own clock has it (from the navigation's start): a check from
    // outside waits for a main thread busy drawing the rest of the page, and would measure that instead.
    // (A script's text: this file is type-checked without the DOM's types.)
    await context.addInitScript({
      content: `new MutationObserver((records, observer) => {
        const figure = document.querySelector('[data-testid="figure-in-value"]');
        if (figure && /\\d/.test(figure.textContent || '')) {
          window.figuresAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });`,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE_PROFILE.latencyMs,
      downloadThroughput: (PHONE_PROFILE.downKbps * 1000) / 8,
      uploadThroughput: (PHONE_PROFILE.upKbps * 1000) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
    const started: { url: string; at: number }[] = [];
    page.on('request', (request) => started.push({ url: request.url(), at: Date.now() }));
    const start = Date.now();
    await page.goto(`${address}/${companyId}/dashboard`, { waitUntil: 'commit' });
    await page.locator('[data-testid="figure-in-value"]').filter({ hasText: /\d/ }).waitFor({ timeout: 60_000 });
    const figuresAt = (await page.evaluate('window.figuresAt')) as number | undefined;
    // performance.now() counts from the navigation's start, a few ms after `start` here.
    const figuresMs = Math.round(figuresAt ?? Date.now() - start);
    const firstApi = started.findIndex((request) => new URL(request.url).pathname.startsWith('/api/'));
    return {
      firstApiMs: firstApi < 0 ? Number.NaN : (started[firstApi]?.at ?? 0) - start,
      requestsBeforeFirstApi: firstApi < 0 ? started.length : firstApi,
      figuresMs,
      requests: started.length,
    };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Three cold loads of the dashboard as the demo admin; prints them and their median. */
export async function coldLoadFigures(
  address: string,
  credentials: { email: string; password: string },
  companyId: number,
): Promise<ColdLoad> {
  const runs: ColdLoad[] = [];
  for (let run = 0; run < 3; run++) runs.push(await once(address, await signIn(address, credentials), companyId));
  const result: ColdLoad = {
    firstApiMs: median(runs.map((run) => run.firstApiMs)),
    requestsBeforeFirstApi: median(runs.map((run) => run.requestsBeforeFirstApi)),
    figuresMs: median(runs.map((run) => run.figuresMs)),
    requests: median(runs.map((run) => run.requests)),
  };
  console.log(
    `\nSigned-in cold load of the dashboard on a phone (CPU x${PHONE_PROFILE.cpuSlowdown}, ${PHONE_PROFILE.latencyMs} ms round trip, ${PHONE_PROFILE.downKbps / 1000} Mbit/s), median of 3:`,
  );
  for (const [index, run] of runs.entries()) {
    console.log(
      `  run ${index + 1}: first API call at ${run.firstApiMs} ms after ${run.requestsBeforeFirstApi} requests; figures at ${run.figuresMs} ms; ${run.requests} requests`,
    );
  }
  console.log(
    `  median: first API call ${result.firstApiMs} ms (target <= 1000), figures ${result.figuresMs} ms (target <= 2500), ${result.requestsBeforeFirstApi} requests before the first API call`,
  );
  return result;
}
