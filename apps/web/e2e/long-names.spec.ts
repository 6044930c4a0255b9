import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Agency, Driver, Yard } from '@ps/contracts';
import { call, heathrowMeetAndGreet } from './bookingWorld';
import { noSidewaysScroll, setLanguage, wordsWhole } from './catalogue';
import { apiSignIn, PHONE_ONLY, storeSession } from './support';

/**
 * Real names are long: a 60-character English name with a 31-letter surname, and a 60-character Tamil one, on every
 * kind of page that shows a name (a list's cards, a record's page, the dashboard's board, the dispatch board), on a
 * 375 px phone: nothing scrolls sideways, and a word breaks inside only when it is wider than its box.
 */

const tag = () =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x').slice(-5);

/** 54 characters, a space and a 5-letter tag: 60. The surname is one 31-letter token, wider than many boxes at 375 px. */
const englishName = (unique: string) => `Maximilian Alexandrovic Wolfeschlegelsteinhausenberger ${unique}`;
/** Sixty characters of Tamil words (as code points), the kind that broke mid-word on the board's cards. */
const TAMIL_WORDS = 'கார்த்திகேயன் சுப்பிரமணியன் வேங்கடேசன் இராமநாதன் சேகர்';
const tamilName = (unique: string) => `${TAMIL_WORDS} ${unique}`;

async function longNameWorld(request: APIRequestContext, token: string, name: string) {
  const [first, ...rest] = name.split(' ');
  const driver = await call<Driver>(request, token, 'POST', '/auth/driver/add', {
    first_name: first,
    last_name: rest.join(' ').replace(/[^\p{L}\p{M} ]/gu, ''),
    email: `long.${tag()}${Date.now()}@example.com`,
    temporary_password: 'Tmp-4821x-driver',
  });
  const booking = await heathrowMeetAndGreet(request, token, { daysAhead: 0, customer: name.slice(0, 54), regPrefix: 'LN' });
  const agency = await call<Agency>(request, token, 'POST', '/agency/add', { name, commission_percent: 10 });
  const yard = await call<Yard>(request, token, 'POST', '/yards/add', { name, address: name, capacity: 40 });
  const role = await call<{ id: number; name: string }>(request, token, 'POST', '/role/add', { name, permissions: ['bookings.view'] });
  await call(request, token, 'POST', '/auth/admin/add', {
    name,
    email: `long.${tag()}${Date.now()}@example.com`,
    temporary_password: 'Harbour-gate-4417',
    role_id: role.id,
  });
  return { driver, booking, agency, yard, role, person: name };
}

/** The pages that show the names, and the name as each shows it. */
function pagesOf(world: Awaited<ReturnType<typeof longNameWorld>>) {
  const { driver, booking, agency, yard, person } = world;
  const driverName = `${driver.first_name} ${driver.last_name}`;
  return [
    { path: `/1/drivers?search=${encodeURIComponent(driver.last_name.split(' ').at(-1) ?? '')}`, name: driverName },
    { path: `/1/drivers/${driver.id}`, name: driverName },
    { path: `/1/bookings?search=${encodeURIComponent(booking.vehicle_reg)}`, name: booking.customer_name },
    { path: `/1/bookings/${booking.id}`, name: booking.customer_name },
    { path: '/1/dashboard', name: booking.customer_name, within: `[data-reference="${booking.reference}"]` },
    { path: '/1/dispatch', name: booking.customer_name, within: '[data-testid="dispatch-trip"]' },
    { path: `/1/agencies?search=${encodeURIComponent(agency.name.slice(-5))}`, name: agency.name },
    { path: `/1/agencies/${agency.id}/edit`, name: agency.name, field: true },
    { path: `/1/agencies/${agency.id}/statement`, name: agency.name },
    { path: `/1/yards?search=${encodeURIComponent(yard.name.slice(-5))}`, name: yard.name },
    { path: `/1/yards/${yard.id}/edit`, name: yard.name, field: true },
    // The office user, and their role beside them; the roles' list.
    { path: '/1/people', name: person, search: person.slice(-5) },
    { path: '/1/roles', name: world.role.name },
  ];
}

async function checkPages(page: Page, pages: ReturnType<typeof pagesOf>) {
  for (const shown of pages) {
    await test.step(shown.path, async () => {
      await page.goto(shown.path);
      if (shown.search) await page.getByRole('main').getByRole('textbox').first().fill(shown.search);
      if (shown.field) {
        await expect(page.locator('input[name="name"]')).toHaveValue(shown.name);
      } else {
        const scope = shown.within ? page.locator(shown.within).filter({ hasText: shown.name }) : page.locator('main');
        await expect(scope.getByText(shown.name).first()).toBeVisible();
      }
      await noSidewaysScroll(page);
      expect(await wordsWhole(page, shown.name), `${shown.path}: words broken inside`).toEqual([]);
    });
  }
}

for (const language of ['en', 'ta'] as const) {
  test(`60-character ${language === 'en' ? 'English' : 'Tamil'} names fit every page at 375 px`, PHONE_ONLY, async ({ page, request }) => {
    test.setTimeout(120_000);
    const session = await apiSignIn(request);
    const unique = tag();
    const name = language === 'en' ? englishName(unique) : tamilName(unique);
    expect([...name].length).toBe(60);
    const world = await longNameWorld(request, session.access_token, name);
    await storeSession(page, session);
    await setLanguage(page, language);
    await checkPages(page, pagesOf(world));
  });
}
