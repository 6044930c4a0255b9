import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { Driver, DriverRate } from '@ps/contracts';
import { OwnServer } from './ownServer';
import { apiSignIn, openAsAdmin, PHONE_ONLY, seriousViolations, storeSession, toast } from './support';

/**
 * Driver payouts on the driver's page. No API records attendance yet, so each run of this file (each project)
 * has a server of its own whose database gets a driver's days written straight into it (ownServer.ts): three
 * present days last month and a completed trip, for a driver with a rate since 2020.
 */

/** The browsers' zone (playwright.config.ts): "last month" is the browser's. */
const ZONE = 'Europe/London';
const RATE = 1550; // £15.50 an hour
const TRIP_FEE = 1500;
/** Last month's days worked, in minutes: 8 h, 8.5 h and 7.5 h. */
const WORKED = [
  { day: 2, minutes: 480 },
  { day: 3, minutes: 510 },
  { day: 10, minutes: 450 },
];

const pad = (value: number) => String(value).padStart(2, '0');
/** `YYYY-MM` of the month `offset` months from this one, in the browsers' zone. */
function monthFromNow(offset: number): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: ZONE });
  const shifted = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 + offset, 1));
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}`;
}
const lastDayOf = (month: string) =>
  `${month}-${pad(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate())}`;
const shownDay = (day: string, locale = 'en-GB') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const money = (minor: number) => `£${(minor / 100).toFixed(2)}`;

interface World {
  server: OwnServer;
  driver: Driver;
  name: string;
  month: string;
  tripId: number;
  /** A driver whose rate starts on 1 Jan 2020, with a draft from 20 Dec 2019 computed before they had days worked. */
  lateRate: Driver;
}

const test = base.extend<object, { world: World }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use) => {
      const server = await OwnServer.start();
      const month = monthFromNow(-1);
      const admin = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'email', email: 'admin@example.com', password: 'admin123', org_instance_id: 1 }),
      }).then((response) => response.json() as Promise<{ data: { access_token: string } }>);
      const call = async <T>(path: string, body: unknown) => {
        const response = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin.data.access_token}` },
          body: JSON.stringify(body),
        });
        if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        return ((await response.json()) as { data: T }).data;
      };
      /** A driver of the demo company paid RATE an hour from 1 Jan 2020. */
      const driverWithRate = async (first_name: string, last_name: string) => {
        const added = await call<Driver>('/api/auth/driver/add', {
          first_name,
          last_name,
          email: `${first_name.toLowerCase()}.${Date.now()}@example.com`,
          temporary_password: 'Tmp-4821x-driver',
        });
        await call<DriverRate>('/api/driver/price_per_hour/add', {
          driver_id: added.id,
          price_per_hour: RATE,
          effective_from: '2020-01-01',
        });
        return added;
      };
      const driver = await driverWithRate('Meena', 'Sundaram');
      const lateRate = await driverWithRate('Ravi', 'Shankar');
      // Computed while nothing was worked; the days come after (as attendance recorded late would).
      await call('/api/driver/payouts/add', { driver_id: lateRate.id, period_start: '2019-12-20', period_end: '2020-01-05' });

      const tripId = await server.withDatabase(async (db) => {
        for (const { day, minutes } of WORKED) {
          await db.query('insert into attendance (company_id, driver_id, day, worked_minutes) values (1, $1, $2, $3)', [
            driver.id,
            `${month}-${pad(day)}`,
            minutes,
          ]);
        }
        for (const day of ['2019-12-31', '2020-01-02']) {
          await db.query('insert into attendance (company_id, driver_id, day, worked_minutes) values (1, $1, $2, 480)', [lateRate.id, day]);
        }
        const yard = await db.query<{ id: number }>('select id from yards where company_id = 1 order by id limit 1');
        const yardId = yard.rows[0]?.id;
        if (!yardId) throw new Error('the demo company has no yard');
        // Midday UTC on the 12th is the 12th in the company's zone too.
        const trip = await db.query<{ id: number }>(
          `insert into trips (company_id, type, from_yard_id, to_yard_id, scheduled_at, driver_id, status, driver_fee)
           values (1, 'shuttle', $1, $1, $2, $3, 'completed', $4) returning id`,
          [yardId, `${month}-12T12:00:00Z`, driver.id, TRIP_FEE],
        );
        const id = trip.rows[0]?.id;
        if (!id) throw new Error('no trip');
        return id;
      });

      await use({ server, driver, name: `${driver.first_name} ${driver.last_name}`, month, tripId, lateRate });
      await server.stop();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ world }, use) => use(world.server.url),
});

/** A figure at the top of the section: the value beside its label. */
const figure = (section: Locator, label: string) => section.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
const payoutsOf = (page: Page) => page.getByRole('region', { name: 'Payouts', exact: true });

test("computes last month's payout from the days worked and a trip, approves it, and the month cannot be paid twice", async ({
  page,
  request,
  world,
}) => {
  const start = `${world.month}-01`;
  const end = lastDayOf(world.month);
  const period = `${shownDay(start)} – ${shownDay(end)}`;
  const hoursAmount = WORKED.reduce((sum, { minutes }) => sum + Math.round((minutes * RATE) / 60), 0);
  const total = hoursAmount + TRIP_FEE;

  await openAsAdmin(page, request, `/1/drivers/${world.driver.id}`);
  const section = payoutsOf(page);
  await expect(figure(section, 'Paid until')).toHaveText('Nothing paid yet');
  await expect(figure(section, 'Unpaid hours')).toHaveText('24');
  await expect(figure(section, 'Unpaid trips')).toHaveText('1');
  await expect(figure(section, 'Drafts')).toHaveText('None');
  await expect(section.getByText('No payouts yet: compute one above.')).toBeVisible();

  // Last month is chosen already: its first to last day.
  await expect(section.getByRole('combobox', { name: 'Month' })).toHaveValue(world.month);
  await expect(section.getByText(`Period: ${period}`)).toBeVisible();
  await section.getByRole('button', { name: 'Compute payout' }).click();
  await expect(toast(page, `Draft payout computed for ${period}. Check it, then approve it to pay.`)).toBeVisible();

  const detail = page.getByRole('region', { name: `Payout for ${period}` });
  await expect(detail.getByText('Draft', { exact: true })).toBeVisible();
  const days = detail.getByLabel('Days worked', { exact: true });
  for (const { day, minutes } of WORKED) {
    const shown = shownDay(`${world.month}-${pad(day)}`);
    await expect(days).toContainText(shown);
    await expect(days).toContainText(money(Math.round((minutes * RATE) / 60)));
  }
  await expect(days).toContainText('8.5');
  await expect(days).toContainText(money(RATE));
  const trips = detail.getByLabel('Trips', { exact: true });
  await expect(trips).toContainText(`Trip #${world.tripId}`);
  await expect(trips).toContainText(money(TRIP_FEE));
  await expect(detail.getByText('Hours worked (24 h)')).toBeVisible();
  await expect(detail.getByTestId('payout-total')).toHaveText(money(total));
  await expect(figure(section, 'Drafts')).toHaveText(`1 · ${money(total)}`);
  const row = section
    .getByRole('table', { name: "This driver's payouts" })
    .or(section.getByRole('list', { name: "This driver's payouts" }));
  await expect(row).toContainText(period);
  await expect(row).toContainText(money(total));

  await detail.getByRole('button', { name: 'Approve payout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve this payout?' });
  await expect(dialog).toContainText(`${world.name} is paid ${money(total)} for ${period}:`);
  await expect(dialog).toContainText('3 days worked');
  await expect(dialog).toContainText('1 completed trip');
  await expect(dialog).toContainText('These days and trips become paid');
  await expect(page.locator('.mantine-Modal-content')).toHaveCSS('opacity', '1');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: `Approve ${money(total)}` }).click();
  await expect(
    toast(page, `Payout of ${money(total)} to ${world.name} for ${period} approved: its days and trips are paid.`),
  ).toBeVisible();

  await expect(detail.getByText('Approved', { exact: true })).toBeVisible();
  await expect(detail).toContainText(/Approved .* by Demo Admin\./);
  await expect(detail.getByRole('button', { name: 'Approve payout' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Delete draft' })).toHaveCount(0);
  await expect(row).toContainText('Approved');
  await expect(figure(section, 'Paid until')).toHaveText(shownDay(end));
  await expect(figure(section, 'Unpaid hours')).toHaveText('0');
  await expect(figure(section, 'Unpaid trips')).toHaveText('0');
  await expect(figure(section, 'Drafts')).toHaveText('None');
  await expect(figure(section, 'Approved payouts')).toHaveText(`1 · ${money(total)}`);

  // The same month again: refused, with the API's own words.
  await section.getByRole('button', { name: 'Compute payout' }).click();
  await expect(section.getByRole('alert')).toContainText(
    `This driver already has an approved payout for ${shownDay(start)} to ${shownDay(end)}: a day cannot be paid twice.`,
  );
  expect(await seriousViolations(page)).toEqual([]);
});

test(
  'in Tamil: a draft for other dates with nothing to pay is refused approval in Tamil, then deleted',
  PHONE_ONLY,
  async ({ page, request, world }) => {
    const month = monthFromNow(-2);
    const start = `${month}-01`;
    const end = `${month}-15`;
    const period = `${shownDay(start, 'ta-IN')} – ${shownDay(end, 'ta-IN')}`;
    const session = await apiSignIn(request);
    await storeSession(page, session);
    await page.evaluate(() => localStorage.setItem('language', 'ta'));
    await page.goto(`/1/drivers/${world.driver.id}`);

    const section = page.getByRole('region', { name: 'கொடுப்பனவுகள்', exact: true });
    await expect(section.getByRole('heading', { name: 'கொடுப்பனவைக் கணக்கிடுதல்' })).toBeVisible();
    // The figures' Tamil labels stay readable beside their long values (they were once squeezed to a letter a line).
    const labels = section.locator('dl').first().locator('dt');
    await expect(labels).toHaveCount(5);
    for (const label of await labels.all()) expect((await label.boundingBox())?.width ?? 0).toBeGreaterThan(100);
    await section.getByText('வேறு தேதிகள்').click();
    await section.getByLabel('தொடக்க நாள்').fill(start);
    await section.getByLabel('இறுதி நாள்').fill(end);
    await section.getByRole('button', { name: 'கொடுப்பனவைக் கணக்கிடு' }).click();

    const detail = page.getByRole('region', { name: `${period} காலத்திற்கான கொடுப்பனவு` });
    await expect(detail.getByText('இந்தக் கொடுப்பனவில் வேலை செய்த நாட்கள் இல்லை.')).toBeVisible();
    await expect(detail.getByText('இந்தக் கொடுப்பனவில் முடிந்த பயணங்கள் இல்லை.')).toBeVisible();
    await detail.getByRole('button', { name: 'கொடுப்பனவை அங்கீகரி' }).click();
    await page
      .getByRole('dialog', { name: 'இந்தக் கொடுப்பனவை அங்கீகரிக்கவா?' })
      .getByRole('button', { name: /அங்கீகரி$/ })
      .click();
    await expect(detail.getByRole('alert')).toContainText('இந்தக் காலத்தில் செலுத்த வேண்டியது எதுவும் இல்லை: வேலை செய்த நாட்களோ முடிந்த பயணங்களோ இல்லை.');
    expect(await seriousViolations(page)).toEqual([]);

    await detail.getByRole('button', { name: 'வரைவை நீக்கு' }).click();
    const dialog = page.getByRole('dialog', { name: 'வரைவுக் கொடுப்பனவை நீக்கு' });
    await expect(dialog).toContainText(`${period} காலத்திற்கான வரைவுக் கொடுப்பனவை நீக்கவா?`);
    await dialog.getByRole('button', { name: 'நீக்கு' }).click();
    await expect(toast(page, `${period} காலத்திற்கான வரைவுக் கொடுப்பனவு நீக்கப்பட்டது.`)).toBeVisible();
    await expect(detail).toHaveCount(0);
    await expect(section).not.toContainText(period);
  },
);

test("a day worked before the driver's first rate: the draft warns and cannot be approved, and a new payout over it is refused", async ({
  page,
  request,
  world,
}) => {
  await openAsAdmin(page, request, `/1/drivers/${world.lateRate.id}`);
  const section = payoutsOf(page);
  const period = `${shownDay('2019-12-20')} – ${shownDay('2020-01-05')}`;
  await section.getByRole('button', { name: period }).click();
  const detail = page.getByRole('region', { name: `Payout for ${period}` });
  const warning = detail.getByRole('alert');
  await expect(warning).toContainText('No hourly rate on some days worked');
  await expect(warning).toContainText('The driver has no hourly rate in force on this day');
  await expect(warning).toContainText(shownDay('2019-12-31'));
  await expect(detail.getByLabel('Days worked', { exact: true })).toContainText(/No rate|no rate in force/);
  await expect(detail.getByRole('button', { name: 'Approve payout' })).toBeDisabled();
  await expect(detail.getByText('Add the missing rates before approving.')).toBeVisible();
  // It still pays the day that has a rate: 8 h at £15.50.
  await expect(detail.getByTestId('payout-total')).toHaveText(money(8 * RATE));

  await section.getByText('Other dates').click();
  await section.getByLabel('From').fill('2019-12-01');
  await section.getByLabel('To').fill('2019-12-31');
  await section.getByRole('button', { name: 'Compute payout' }).click();
  await expect(section.locator('form').getByRole('alert')).toContainText(
    `This driver has no hourly rate in force on ${shownDay('2019-12-31')}: add a rate from that day or earlier first.`,
  );
  expect(await seriousViolations(page)).toEqual([]);
});
