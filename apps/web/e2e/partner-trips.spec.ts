import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Location, TripDetail, Yard } from '@ps/contracts';
import { apiSignIn, openAsAdmin, PHONE_ONLY, seriousViolations, storeSession, toast } from './support';

/**
 * A trip the demo company gives to its partner, Runway Transfers (the demo seeds the partnership both ways), and
 * what the partner's admin then sees. Each test makes its own trip on a day of its own and deletes it after.
 */

const PARTNER_ADMIN = { email: 'partner@example.com', password: 'admin123' };
const DAY = '2027-03-15';
const created: number[] = [];

async function adminToken(request: APIRequestContext) {
  return (await apiSignIn(request)).access_token;
}

async function api<T>(request: APIRequestContext, token: string, path: string, init: { method?: string; data?: unknown } = {}) {
  const response = await request.fetch(`/api${path}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${token}` },
    ...(init.data === undefined ? {} : { data: init.data }),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A shuttle of the demo company at 09:15 London time on DAY, from its first yard to its first terminal. */
async function newTrip(request: APIRequestContext, notes: string): Promise<TripDetail> {
  const token = await adminToken(request);
  const yards = await api<Yard[]>(request, token, '/yards/list?page_size=100');
  const terminals = await api<Location[]>(request, token, '/location/list?page_size=100&type=terminal');
  const yard = yards[0];
  const terminal = terminals[0];
  if (!yard || !terminal) throw new Error('the demo company has no yard or terminal');
  const trip = await api<TripDetail>(request, token, '/trips/add?time_zone=Europe/London', {
    method: 'POST',
    data: { type: 'shuttle', from_yard_id: yard.id, to_location_id: terminal.id, scheduled_at: `${DAY}T09:15:00Z`, notes },
  });
  created.push(trip.id);
  return trip;
}

test.afterEach(async ({ request }) => {
  const token = await adminToken(request);
  while (created.length > 0) {
    const id = created.pop();
    await request.delete(`/api/trips/delete/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  }
});

async function openAsPartner(page: Page, request: APIRequestContext, language: 'en' | 'ta' = 'en') {
  const session = await apiSignIn(request, PARTNER_ADMIN.email, PARTNER_ADMIN.password);
  const companyId = session.user_data.company_id;
  await storeSession(page, session, companyId);
  if (language === 'ta') await page.evaluate(() => localStorage.setItem('language', 'ta'));
  await page.goto(`/${companyId}/partner-trips?date=${DAY}`);
  return companyId;
}

test('the office gives a trip to its partner on the dispatch screen; the partner sees it, and nothing once it is taken back', async ({
  page,
  request,
  browser,
}) => {
  const trip = await newTrip(request, 'Two cases and a pushchair');
  await openAsAdmin(page, request, `/1/dispatch?date=${DAY}`);
  const card = page.locator(`[data-testid="dispatch-trip"][data-trip-id="${trip.id}"]`);
  await card.getByRole('combobox', { name: /^Driver or partner for the 09:15 trip/ }).click();
  await page.getByRole('option', { name: 'Runway Transfers' }).click();
  await expect(toast(page, /Runway Transfers now runs the 09:15 trip/)).toBeVisible();
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'assigned');

  // The partner's admin, in a browser of their own.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: test.info().project.use.viewport });
  const partner = await context.newPage();
  await openAsPartner(partner, request);
  await expect(partner.getByRole('heading', { level: 1, name: 'Trips from partners' })).toBeVisible();
  const shared = partner.getByTestId('partner-trip');
  await expect(shared).toHaveCount(1);
  await expect(shared).toContainText('09:15');
  await expect(shared).toContainText(/From:\s*Parking Solutions Demo/);
  await expect(shared).toContainText('Two cases and a pushchair');
  // Nothing of the owner's money or crew.
  await expect(shared).not.toContainText('£');
  expect(await seriousViolations(partner)).toEqual([]);
  expect(await partner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(partner.viewportSize()?.width ?? 0);

  // Taken back: the partner's list is empty at its next read.
  await card.getByRole('button', { name: /^Take off Runway Transfers/ }).click();
  await expect(toast(page, /Runway Transfers is off the 09:15 trip/)).toBeVisible();
  await expect(card.locator('[data-status]')).toHaveAttribute('data-status', 'scheduled');
  await partner.reload();
  await expect(partner.getByTestId('partner-trips-empty')).toBeVisible();
  await context.close();
});

test(
  'the partner’s screen in Tamil: the trip given to it, nothing scrolls sideways, no serious axe finding',
  PHONE_ONLY,
  async ({ page, request }) => {
    const trip = await newTrip(request, 'Minibus');
    const token = await adminToken(request);
    const partners = await api<{ id: number; name: string }[]>(request, token, '/company/partners/list');
    const runway = partners.find((partner) => partner.name === 'Runway Transfers');
    if (!runway) throw new Error('the demo company has no partner Runway Transfers');
    await api(request, token, `/trips/update/${trip.id}?time_zone=Europe/London`, {
      method: 'PATCH',
      data: { partner_company_id: runway.id },
    });

    await openAsPartner(page, request, 'ta');
    await expect(page.getByRole('heading', { level: 1, name: 'கூட்டாளர்களின் பயணங்கள்' })).toBeVisible();
    const shared = page.getByTestId('partner-trip');
    await expect(shared).toHaveCount(1);
    await expect(shared).toContainText(/கொடுத்தது:\s*Parking Solutions Demo/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    expect(await seriousViolations(page)).toEqual([]);
  },
);
