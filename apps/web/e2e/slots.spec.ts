import { test as base, expect, type Page } from '@playwright/test';
import { OwnServer, type SignedInAdmin } from './ownServer';
import { BOTH_WIDTHS, seriousViolations } from './support';

/**
 * Limits per 15-minute slot (issue 24, section 2), on a server of this spec's own (the limits it sets would refuse other
 * specs' bookings): a full slot refused with the nearest free ones offered in the office's booking form and on the hosted
 * booking page, each offer taken with a click; and the board's load of each slot against its limit.
 */

interface Site {
  server: OwnServer;
  slug: string;
  companyId: number;
  clientKey: string;
  tokens: SignedInAdmin['tokens'];
  admin: SignedInAdmin['admin'];
}

const test = base.extend<object, { site: Site }>({
  site: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use) => {
      const server = await OwnServer.start({ PUBLIC_BOOKINGS_PER_ADDRESS_PER_HOUR: '1000' });
      const { tokens, admin } = await server.signInAdmin();
      const details = await admin<{ booking_slug: string }>('GET', '/api/company/details');
      const key = await admin<{ company_id: number; client_key: string }>('GET', '/api/company/client-key');
      await use({ server, slug: details.booking_slug, companyId: key.company_id, clientKey: key.client_key, tokens, admin });
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

interface Place {
  id: number;
  name: string;
  airport_id: number;
  type: string;
}

/** The wall clock of `zone` `days` ahead at `time` (`YYYY-MM-DDTHH:mm`), and the UTC instant of it. */
function clockAhead(days: number, time: string, zone = 'Europe/London'): { local: string; at: string } {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(Date.now() + days * 86_400_000);
  const local = `${day}T${time}`;
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  // Every offset of today's zones is a whole number of quarter hours within a day of UTC.
  for (let quarters = -56; quarters <= 56; quarters++) {
    const at = new Date(Date.parse(`${local}:00Z`) - quarters * 15 * 60_000);
    if (format.format(at).replace(', ', 'T') === local) return { local, at: at.toISOString() };
  }
  throw new Error(`no instant for ${local} in ${zone}`);
}

async function signedInOffice(page: Page, site: Site, language: 'en' | 'ta' = 'en') {
  await page.goto(`${site.server.url}/auth/login`);
  await page.evaluate(
    ({ tokens, language }) => {
      localStorage.setItem('token', tokens.access_token);
      localStorage.setItem('ref_token', tokens.refresh_token);
      localStorage.setItem('org_id', '1');
      localStorage.setItem('company_id', '1');
      localStorage.setItem('language', language);
    },
    { tokens: site.tokens, language },
  );
}

/** A phone booking at `place` (drop-off and collection there) through the office's API. */
function officeBooking(site: Site, place: Place, departureAt: string, arrivalAt: string, reg: string) {
  return site.admin<{ id: number; reference: string }>('POST', '/api/booking/add', {
    customer_name: `Slot ${reg}`,
    customer_email: `${reg.toLowerCase().replace(/\s/g, '')}@example.com`,
    vehicle_reg: reg,
    airport_id: place.airport_id,
    departure_id: place.id,
    arrival_id: place.id,
    departure_at: departureAt,
    arrival_at: arrivalAt,
    channel: 'phone',
  });
}

async function carPark(site: Site, name: string): Promise<Place> {
  const places = await site.admin<Place[]>('GET', `/api/location/list?search=${encodeURIComponent(name)}&page_size=10`);
  const place = places.find((candidate) => candidate.type === 'car_park');
  if (!place) throw new Error(`no car park named ${name}`);
  return place;
}

test('the office sets a limit per 15 minutes on a car park; a booking into its full slot is refused with the nearest free times, and one is taken', async ({
  page,
  site,
}) => {
  const place = await carPark(site, 'Heathrow Long Stay');
  // The limit is set on the location's form.
  await signedInOffice(page, site);
  await page.goto(`${site.server.url}/1/locations/${place.id}/edit`);
  const limits = page.getByRole('group', { name: 'Limits per 15 minutes' });
  await expect(limits).toBeVisible();
  await limits.getByRole('textbox', { name: 'Customers coming in (departures) per 15 minutes' }).fill('1');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Location ${place.name} saved.`)).toBeVisible();
  expect((await site.admin<{ departure_slot_limit: number | null }>('GET', `/api/location/get/${place.id}`)).departure_slot_limit).toBe(1);

  // Nine days ahead at 08:00 in London: one booking fills the slot.
  const dropOff = clockAhead(9, '08:00');
  const collection = clockAhead(11, '18:00');
  await officeBooking(site, place, dropOff.at, collection.at, 'SLOT ONE');

  const day = dropOff.local.slice(0, 10);
  await page.goto(
    `${site.server.url}/1/bookings/new?airport_id=${place.airport_id}&departure_id=${place.id}&arrival_id=${place.id}&departure_date=${day}&arrival_date=${collection.local.slice(0, 10)}`,
  );
  await expect(page.locator('input[name="departure_local"]')).toHaveValue(dropOff.local);
  await page.getByRole('textbox', { name: /^Customer name/ }).fill('Slot Two');
  await page.getByRole('textbox', { name: /^E-mail/ }).fill('slot.two@example.com');
  await page.getByRole('textbox', { name: /^Registration/ }).fill('SLOT TWO');
  await page.getByRole('button', { name: 'Save booking' }).click();

  const departure = page.locator('input[name="departure_local"]');
  await expect(departure).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(`${place.name} takes at most 1 customer coming in (departure) per 15 minutes`).first()).toBeVisible();
  const offers = page.getByTestId('free-slots');
  await expect(offers).toContainText('Free drop-off times nearby');
  // The nearest free quarter hour, earlier first: 07:45, shown with its load.
  const first = offers.getByRole('button').first();
  await expect(first).toHaveAttribute('data-slot', `${day}T07:45`);
  await expect(first).toContainText('0 of 1 taken');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('office-free-slots.png'), fullPage: true });
  await first.click();
  await expect(departure).toHaveValue(`${day}T07:45`);
  await expect(offers).toHaveCount(0);
  await page.getByRole('button', { name: 'Save booking' }).click();
  await expect(page).toHaveURL(/\/1\/bookings\/\d+$/);
  const [saved] = await site.admin<Array<{ departure_at: string }>>('GET', '/api/booking/list?search=SLOT%20TWO');
  expect(saved?.departure_at).toBe(new Date(Date.parse(dropOff.at) - 15 * 60_000).toISOString());
});

test(
  'the hosted booking page refuses a full slot and offers the nearest free times; the customer takes one and books',
  BOTH_WIDTHS,
  async ({ page, site }) => {
    await page.goto(`${site.server.url}/book/${site.slug}`);
    await page.getByLabel('Airport').selectOption({ index: 1 });
    const airportId = Number(await page.getByLabel('Airport').inputValue());
    const leaveAt = page.getByLabel('Where you leave the car');
    await expect(leaveAt).not.toHaveValue('');
    const placeId = Number(await leaveAt.inputValue());
    const places = await site.admin<Place[]>('GET', `/api/location/list?airport_id=${airportId}&page_size=100`);
    const place = places.find((candidate) => candidate.id === placeId);
    if (!place) throw new Error('the page chose no place of the company');
    await site.admin('PATCH', `/api/location/update/${place.id}`, { departure_slot_limit: 1 });
    // Twelve days ahead at 10:00 on the airport's clock: taken by a phone booking.
    const { time_zone: zone } = await site.admin<{ time_zone: string }>('GET', `/api/airport/get/${airportId}`);
    const dropOff = clockAhead(12, '10:00', zone);
    const collection = clockAhead(15, '18:00', zone);
    await officeBooking(site, place, dropOff.at, collection.at, 'SLOT WEB');

    const shownAt = Date.now();
    await page.getByLabel('Drop-off').fill(dropOff.local);
    await page.getByLabel('Collection').fill(collection.local);
    await expect(page.getByTestId('price-total')).toBeVisible();
    await page.getByLabel('Full name').fill('Web Slot');
    await page.getByLabel('E-mail').fill('web.slot@example.com');
    await page.getByLabel('Registration').fill('WEB SLOT');
    // A person takes more than the form's 3 seconds; the test waits out what is left of them.
    await expect.poll(() => Date.now() - shownAt).toBeGreaterThan(3500);
    await page.getByRole('button', { name: /^Book/ }).click();

    await expect(page.getByRole('alert').filter({ hasText: 'is full' }).first()).toBeVisible();
    const offers = page.getByTestId('free-slots');
    await expect(offers).toContainText('Free drop-off times nearby');
    const first = offers.getByRole('button').first();
    await expect(first).toHaveAttribute('data-slot', `${dropOff.local.slice(0, 10)}T09:45`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('hosted-free-slots.png'), fullPage: true });
    await first.click();
    await expect(page.getByLabel('Drop-off')).toHaveValue(`${dropOff.local.slice(0, 10)}T09:45`);
    await page.getByRole('button', { name: /^Book/ }).click();
    const reference = (await page.getByTestId('booking-reference').textContent()) ?? '';
    expect(reference).toMatch(/^PS-/);
    const [booked] = await site.admin<Array<{ departure_at: string }>>('GET', `/api/booking/list?search=${reference}`);
    expect(booked?.departure_at).toBe(new Date(Date.parse(dropOff.at) - 15 * 60_000).toISOString());
  },
);

test("the board shows each slot's load against its limit, in English and Tamil", BOTH_WIDTHS, async ({ page, site }) => {
  const place = await carPark(site, 'Heathrow Long Stay');
  // Above any quarter hour's bookings of the demo's day, so the booking below is never refused.
  await site.admin('PATCH', `/api/location/update/${place.id}`, { departure_slot_limit: 50 });
  // Ten minutes ahead, unless that is tomorrow in London (a run just before midnight): then ten minutes ago.
  const now = Date.now();
  const londonDay = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(at);
  const departure = londonDay(now + 10 * 60_000) === londonDay(now) ? now + 10 * 60_000 : now - 10 * 60_000;
  await officeBooking(site, place, new Date(departure).toISOString(), new Date(now + 2 * 86_400_000).toISOString(), 'BOARD SLOT');
  const today = londonDay(now);
  const board = await site.admin<{ slots: Array<{ location_id: number; start: string; booked: number; limit: number }> }>(
    'GET',
    `/api/booking/statistics/in-out/list?type=in&date=${today}&time_zone=Europe/London`,
  );
  const slot = board.slots.find(
    (candidate) =>
      candidate.location_id === place.id &&
      Date.parse(candidate.start) <= departure &&
      departure < Date.parse(candidate.start) + 15 * 60_000,
  );
  if (!slot) throw new Error('the board answers no slot for the booking');
  expect(slot.limit).toBe(50);

  for (const language of ['en', 'ta'] as const) {
    await signedInOffice(page, site, language);
    await page.goto(`${site.server.url}/1/dashboard`);
    const loads = page.getByTestId('board-in-slots');
    await expect(loads).toContainText(language === 'en' ? 'Customers coming in per 15 minutes' : 'ஒவ்வொரு 15 நிமிடத்திலும்');
    const badge = loads.locator(`[data-slot-load="${slot.booked}/50"]`).filter({ hasText: place.name });
    await expect(badge.first()).toBeVisible();
    await expect(badge.first()).toContainText(`${slot.booked}/50`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await loads.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`board-slots-${language}.png`) });
  }
  expect(await seriousViolations(page)).toEqual([]);
});
