import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Airport, AirportCreate, SignedInData, TokenPair } from '@ps/contracts';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';

export const ADMIN = { email: 'admin@example.com', password: 'admin123', companyId: 1, name: 'Demo Admin' };
export const SUPER_ADMIN = { email: 'superadmin@example.com', password: 'admin123' };

/**
 * The widths a test runs at (playwright.config.ts picks by these tags): an untagged test at 1440 px only; BOTH_WIDTHS
 * (steps of the phone layout: its navigation, nothing scrolling sideways, a driver's screens) at 375 px too;
 * PHONE_ONLY at 375 px only. A screen's pass in English runs at 1440 px and its pass in Tamil at 375 px, the narrowest
 * width with the longest words (docs/decisions.md, "Browser tests: which width runs what").
 */
export const BOTH_WIDTHS = { tag: '@phone' };
export const PHONE_ONLY = { tag: '@phone-only' };
export const widthFor = (language: 'en' | 'ta') => (language === 'ta' ? PHONE_ONLY : {});

/**
 * A link of the main navigation (issue 21, section 3: entries are grouped, and a group other than the current screen's
 * starts closed for a role with many screens): its group is opened first when it is closed, as a user clicks the
 * group's heading. On a phone the drawer must be open already.
 */
export async function navLink(page: Page, name: string, { exact = false, navigation = 'Main navigation' } = {}) {
  const nav = page.getByRole('navigation', { name: navigation });
  await expect(nav.getByRole('link', { name, exact, includeHidden: true }).first()).toBeAttached();
  const closed = nav
    .locator('[data-nav-group]')
    .filter({ has: page.getByRole('link', { name, exact, includeHidden: true }) })
    .getByRole('button', { expanded: false });
  if ((await closed.count()) > 0) await closed.first().click();
  return nav.getByRole('link', { name, exact });
}

/** Signs in through the API (202) and returns the session. */
export async function apiSignIn(request: APIRequestContext, email = ADMIN.email, password = ADMIN.password) {
  const response = await request.post('/api/auth/login', {
    data: { type: 'email', email, password, org_instance_id: 1 },
  });
  expect(response.status(), await response.text()).toBe(202);
  return ((await response.json()) as { data: SignedInData }).data;
}

/**
 * A first sign-in with a temporary password, finished with a password of the user's own (the password step):
 * the session it opens.
 */
export async function finishFirstSignIn(request: APIRequestContext, email: string, temporary: string, password: string) {
  const step = await request.post('/api/auth/login', { data: { type: 'email', email, password: temporary, org_instance_id: 1 } });
  expect(step.status(), await step.text()).toBe(200);
  const { step_token } = ((await step.json()) as { data: { step_token: string } }).data;
  const changed = await request.post('/api/auth/change-password', {
    data: { step_token, new_password: password, confirm_password: password },
  });
  expect(changed.status(), await changed.text()).toBe(202);
  return ((await changed.json()) as { data: SignedInData }).data;
}

/** Stores a session the way the sign-in page does, without going through the form. */
export async function storeSession(page: Page, tokens: TokenPair, companyId: number | null = ADMIN.companyId) {
  await page.goto('/auth/login');
  await page.evaluate(
    ({ tokens, companyId }) => {
      localStorage.setItem('token', tokens.access_token);
      localStorage.setItem('ref_token', tokens.refresh_token);
      localStorage.setItem('org_id', '1');
      if (companyId === null) localStorage.removeItem('company_id');
      else localStorage.setItem('company_id', String(companyId));
    },
    { tokens, companyId },
  );
}

/** Signs in as the demo company admin and opens a page of the back-office. */
export async function openAsAdmin(page: Page, request: APIRequestContext, path = '/1/airports') {
  const session = await apiSignIn(request);
  await storeSession(page, session);
  await page.goto(path);
  return session;
}

const usedCodes = new Set<string>();

/** A random IATA code not handed out before in this worker (the server may still have it: see freeIata). */
export function uniqueIata(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (;;) {
    const pick = () => letters[Math.floor(Math.random() * letters.length)];
    const code = `${pick()}${pick()}${pick()}`;
    if (!usedCodes.has(code)) {
      usedCodes.add(code);
      return code;
    }
  }
}

/**
 * An IATA code the company does not have yet, for tests that type it into the form. Both projects share
 * one server, so a code is checked against the server, not only against this worker's memory.
 */
export async function freeIata(request: APIRequestContext, token: string): Promise<string> {
  for (;;) {
    const code = uniqueIata();
    const response = await request.get(`/api/airport/list?search=${code}&page_size=100`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.ok()).toBe(true);
    const airports = ((await response.json()) as { data: Airport[] }).data;
    if (!airports.some((airport) => airport.iata_code === code)) return code;
  }
}

/** Creates an airport through the API; retries with another code if a code is already taken. */
export async function createAirport(request: APIRequestContext, token: string, overrides: Partial<AirportCreate> = {}): Promise<Airport> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const body = {
      iata_code: overrides.iata_code ?? uniqueIata(),
      name: 'E2E Test Airport',
      country_id: await countryId(request, token, 'United Kingdom'),
      time_zone: 'Europe/London',
      status: 1,
      ...overrides,
    };
    const response = await request.post('/api/airport/add', { data: body, headers: { Authorization: `Bearer ${token}` } });
    if (response.status() === 409 && !overrides.iata_code) continue;
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { data: Airport }).data;
  }
  throw new Error('Could not find a free IATA code');
}

const countryIds = new Map<string, number>();
export async function countryId(request: APIRequestContext, token: string, name: string): Promise<number> {
  const known = countryIds.get(name);
  if (known) return known;
  const response = await request.get('/api/country/?page_size=1000', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  const countries = ((await response.json()) as { data: { id: number; name: string }[] }).data;
  for (const country of countries) countryIds.set(country.name, country.id);
  const id = countryIds.get(name);
  if (!id) throw new Error(`No country named ${name}`);
  return id;
}

/** The same access token, correctly signed with the server's secret, but expired an hour ago. */
export async function expiredCopyOf(accessToken: string): Promise<string> {
  const secret = process.env.E2E_JWT_SECRET;
  if (!secret) throw new Error('E2E_JWT_SECRET is not set (playwright.config.ts sets it)');
  const { alg } = decodeProtectedHeader(accessToken);
  const claims = decodeJwt(accessToken);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 })
    .setProtectedHeader({ alg: alg ?? 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

/** A toast as the user sees it (react-toastify renders each in role="alert"). */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.Toastify').getByText(text);
}

/** Reads one key of the page's local storage. */
export function stored(page: Page, key: string) {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

/**
 * A new driver of the demo company with a temporary password (the first sign-in asks for a new one). The
 * default name is not a demo driver's, so specs that find the demo's Kavin Raj by name find only him.
 */
export async function newDriver(request: APIRequestContext, firstName = 'Ilango', lastName = 'Sekar') {
  const admin = await apiSignIn(request);
  const email = `driver.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const temporary = 'Temp1234x';
  const response = await request.post('/api/auth/driver/add', {
    headers: { Authorization: `Bearer ${admin.access_token}` },
    data: { first_name: firstName, last_name: lastName, email, temporary_password: temporary },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { email, temporary };
}

/** Waits (at most `capMs`) for the page's running finite animations and transitions to end; endless ones are left alone. */
export async function animationsSettled(page: Page, capMs = 2000): Promise<void> {
  await page.evaluate(
    (cap) =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.playState === 'running')
            .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
        new Promise((settle) => setTimeout(settle, cap)),
      ]),
    capMs,
  );
}

/** Serious and critical findings of axe (WCAG 2.x A/AA rules) on the page as it is now. */
export async function seriousViolations(page: Page) {
  // A dialog or toast fading in or out has its text at part opacity: axe would measure a contrast nobody reads.
  // The toasts are paused first (react-toastify pauses them when the window loses focus), so none starts to leave
  // while axe runs; then the running finite animations and transitions are waited for (a spinner's endless one and
  // a paused progress bar are left alone). A page behind another window has its animation clock stopped, so it is
  // brought to the front, and the wait is capped.
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('blur')));
  await animationsSettled(page);
  try {
    // Without frames axe runs in the page itself (legacy mode). Its default opens a blank page per check to merge
    // each frame's results, which took half of every check's time (1-2 s each, and 40 % of the suite was axe); a
    // page with frames still gets that, so a frame from another origin is checked too.
    const framed = page.frames().length > 1;
    const results = await new AxeBuilder({ page }).setLegacyMode(!framed).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  } finally {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  }
}

/** A money figure the administrator reads from the API (a role without `finance.view` would get null). */
export function figure(value: number | null): number {
  if (value === null) throw new Error('the administrator was sent a money figure as null');
  return value;
}

/** A new office user holding a new role with these permissions, signed in (first sign-in finished). */
export async function userWithRole(request: APIRequestContext, label: string, permissions: readonly string[]) {
  const admin = await apiSignIn(request);
  const headers = { authorization: `Bearer ${admin.access_token}` };
  const suffix = Date.now().toString(36).slice(-6);
  const role = await request.post('/api/role/add', { headers, data: { name: `${label} ${suffix}`, permissions } });
  expect(role.status(), await role.text()).toBe(201);
  const roleId = ((await role.json()) as { data: { id: number } }).data.id;
  const email = `${label.toLowerCase().replace(/\W+/g, '.')}.${suffix}@example.com`;
  const added = await request.post('/api/auth/admin/add', {
    headers,
    data: { name: `${label} Kumar`, email, temporary_password: 'Harbour-gate-4417', role_id: roleId },
  });
  expect(added.status(), await added.text()).toBe(201);
  const session = await finishFirstSignIn(request, email, 'Harbour-gate-4417', 'Gate-keeper-2026');
  return { session, adminHeaders: headers };
}
