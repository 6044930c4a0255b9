import { readFile } from 'node:fs/promises';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { Driver, DriverRate, PayoutDetail } from '@ps/contracts';
import { OwnServer } from './ownServer';
import { apiSignIn, openAsAdmin, PHONE_ONLY, seriousViolations, storeSession, toast } from './support';

/**
 * The payroll (issue 21, section 9): a month's payouts across every driver. Attendance days and a completed trip are
 * written straight into a server of this file's own (ownServer.ts, as payouts.spec.ts does), two months back, where the
 * demo has nothing: four drivers at £15.50 an hour, two with drafts, one approved, one with nothing computed yet.
 */

/** The browsers' zone (playwright.config.ts): the default month is the browser's last month. */
const ZONE = 'Europe/London';
const RATE = 1550;
const TRIP_FEE = 1500;
const pad = (value: number) => String(value).padStart(2, '0');
function monthFromNow(offset: number): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: ZONE });
  const shifted = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 + offset, 1));
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}`;
}
const monthName = (month: string, locale = 'en-GB') =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
const money = (minor: number) => `£${(minor / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
const pay = (minutes: number) => Math.round((minutes * RATE) / 60);

/** Who worked what, in minutes by day of the month; the trip is Ravi's. */
const PEOPLE = {
  selvi: { first: 'Selvi', last: 'Anand', days: { 2: 480, 3: 510 }, payout: 'draft' },
  ravi: { first: 'Ravi', last: 'Kumar', days: { 5: 450 }, payout: 'draft' },
  lakshmi: { first: 'Lakshmi', last: 'Devi', days: { 9: 300 }, payout: 'none' },
  mohan: { first: 'Mohan', last: 'Das', days: { 4: 240 }, payout: 'approved' },
} as const;
type Person = keyof typeof PEOPLE;
const nameOf = (person: Person) => `${PEOPLE[person].first} ${PEOPLE[person].last}`;
const amountOf = (person: Person) =>
  Object.values(PEOPLE[person].days).reduce((sum, minutes) => sum + pay(minutes), 0) + (person === 'ravi' ? TRIP_FEE : 0);

interface World {
  server: OwnServer;
  month: string;
  drivers: Record<Person, Driver>;
  payouts: Partial<Record<Person, PayoutDetail>>;
}

const test = base.extend<object, { world: World }>({
  world: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none.
    async ({}, use) => {
      const server = await OwnServer.start();
      const month = monthFromNow(-2);
      const token = async () =>
        (
          (await fetch(`${server.url}/api/auth/login`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ type: 'email', email: 'admin@example.com', password: 'admin123', org_instance_id: 1 }),
          }).then((response) => response.json())) as { data: { access_token: string } }
        ).data.access_token;
      const call = async <T>(method: string, path: string, body: unknown, access: string, status = 201) => {
        const response = await fetch(`${server.url}${path}`, {
          method,
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` },
          body: JSON.stringify(body),
        });
        if (response.status !== status) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        return ((await response.json()) as { data: T }).data;
      };
      let access = await token();
      const drivers = {} as Record<Person, Driver>;
      for (const person of Object.keys(PEOPLE) as Person[]) {
        const { first, last } = PEOPLE[person];
        drivers[person] = await call<Driver>(
          'POST',
          '/api/auth/driver/add',
          {
            first_name: first,
            last_name: last,
            email: `${first.toLowerCase()}.${Date.now()}@example.com`,
            temporary_password: 'Tmp-4821x-driver',
          },
          access,
        );
        await call<DriverRate>(
          'POST',
          '/api/driver/price_per_hour/add',
          { driver_id: drivers[person].id, price_per_hour: RATE, effective_from: '2020-01-01' },
          access,
        );
      }
      await server.withDatabase(async (db) => {
        for (const person of Object.keys(PEOPLE) as Person[]) {
          for (const [day, minutes] of Object.entries(PEOPLE[person].days)) {
            await db.query('insert into attendance (company_id, driver_id, day, worked_minutes) values (1, $1, $2, $3)', [
              drivers[person].id,
              `${month}-${pad(Number(day))}`,
              minutes,
            ]);
          }
        }
        const yard = await db.query<{ id: number }>('select id from yards where company_id = 1 order by id limit 1');
        const yardId = yard.rows[0]?.id;
        if (!yardId) throw new Error('the demo company has no yard');
        await db.query(
          `insert into trips (company_id, type, from_yard_id, to_yard_id, scheduled_at, driver_id, status, driver_fee)
           values (1, 'shuttle', $1, $1, $2, $3, 'completed', $4)`,
          [yardId, `${month}-12T12:00:00Z`, drivers.ravi.id, TRIP_FEE],
        );
        // Drivers made through the API wait for approval; these take work.
        await db.query(`update drivers set approve_status = 'approved' where company_id = 1 and id = any($1)`, [
          Object.values(drivers).map((driver) => driver.id),
        ]);
      });
      access = await token();
      const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
      const payouts: World['payouts'] = {};
      for (const person of ['selvi', 'ravi', 'mohan'] as const) {
        payouts[person] = await call<PayoutDetail>(
          'POST',
          '/api/driver/payouts/add',
          { driver_id: drivers[person].id, period_start: `${month}-01`, period_end: `${month}-${pad(lastDay)}` },
          access,
        );
      }
      await call('PATCH', `/api/driver/payouts/approve/${payouts.mohan?.id}`, undefined, access, 200);

      await use({ server, month, drivers, payouts });
      await server.stop();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ world }, use) => use(world.server.url),
});

/** A driver's row: a table row from 768 px, a card below. */
const record = (page: Page, name: string): Locator =>
  page.locator('tbody tr, [data-testid="record-card"]').filter({ has: page.getByRole('link', { name, exact: true }) });

test("shows a month's pay per driver with totals, approves two drafts after one confirmation, and exports it", async ({
  page,
  request,
  world,
}) => {
  await openAsAdmin(page, request, '/1/dashboard');
  // The screen's entry is in the navigation's "Drivers and trips" group (opened first where groups fold).
  const navigation = page.getByRole('navigation');
  await expect(navigation.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const entry = navigation.getByRole('link', { name: 'Payroll' });
  if (!(await entry.isVisible())) await navigation.getByRole('button', { name: /drivers and trips/i }).click();
  await entry.click();
  await expect(page.getByRole('heading', { name: 'Payroll', level: 1 })).toBeVisible();
  // Last month unless chosen otherwise; then the month of the world's work.
  const month = page.getByRole('combobox', { name: 'Month' });
  await expect(month).toHaveValue(monthFromNow(-1));
  await month.selectOption(world.month);
  await expect(page).toHaveURL(new RegExp(`month=${world.month}`));
  const table = page.getByRole('table', { name: `Drivers' pay for ${monthName(world.month)}` });
  await expect(table).toBeVisible();

  // One row per driver who takes work: the demo's two with nothing this month too.
  await expect(record(page, 'Kavin Raj')).toContainText('No payout yet');
  const expected: Record<Person, [string, string, string, string]> = {
    selvi: ['16.5', '0', money(amountOf('selvi')), 'Draft'],
    ravi: ['7.5', '1', money(amountOf('ravi')), 'Draft'],
    lakshmi: ['5', '0', money(amountOf('lakshmi')), 'No payout yet'],
    mohan: ['4', '0', money(amountOf('mohan')), 'Approved'],
  };
  for (const [person, cells] of Object.entries(expected) as [Person, string[]][]) {
    const row = record(page, nameOf(person));
    await expect(row.locator('td')).toHaveText(['', nameOf(person), ...cells]);
  }
  const total = (Object.keys(PEOPLE) as Person[]).reduce((sum, person) => sum + amountOf(person), 0);
  await expect(table.locator('tfoot')).toContainText('Totals');
  await expect(table.locator('tfoot')).toContainText('33');
  await expect(page.getByTestId('payroll-total-amount')).toHaveText(money(total));
  const summary = page.getByTestId('payroll-summary');
  await expect(summary).toContainText(`Approved${money(amountOf('mohan'))}`);
  await expect(summary).toContainText(`Drafts${money(amountOf('selvi') + amountOf('ravi'))}`);
  await expect(summary).toContainText(`On no payout yet${money(amountOf('lakshmi'))}`);

  // Only the drafts that can be approved can be chosen.
  await expect(page.getByRole('checkbox', { name: `Select ${nameOf('mohan')}` })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: `Select ${nameOf('lakshmi')}` })).toBeDisabled();
  await page.getByRole('checkbox', { name: `Select ${nameOf('selvi')}` }).check();
  await page.getByRole('checkbox', { name: `Select ${nameOf('ravi')}` }).check();
  const chosen = amountOf('selvi') + amountOf('ravi');
  const bar = page.getByRole('region', { name: 'Payouts chosen' });
  await expect(bar).toContainText(`2 payouts chosen · ${money(chosen)}`);
  await bar.getByRole('button', { name: 'Approve the chosen payouts' }).click();

  const dialog = page.getByRole('dialog', { name: 'Approve these payouts?' });
  await expect(dialog).toContainText(`2 payouts for ${monthName(world.month)}, ${money(chosen)} in all:`);
  await expect(dialog).toContainText(`${nameOf('selvi')}: ${money(amountOf('selvi'))}`);
  await expect(dialog).toContainText(`${nameOf('ravi')}: ${money(amountOf('ravi'))}`);
  await expect(dialog).toContainText('Their days and trips become paid');
  await expect(page.locator('.mantine-Modal-content')).toHaveCSS('opacity', '1');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: `Approve ${money(chosen)}` }).click();
  await expect(toast(page, `2 payouts approved for ${monthName(world.month)}: ${money(chosen)} paid.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(bar).toBeHidden();

  for (const person of ['selvi', 'ravi', 'mohan'] as const) await expect(record(page, nameOf(person))).toContainText('Approved');
  await expect(record(page, nameOf('lakshmi'))).toContainText('No payout yet');
  await expect(page.getByTestId('payroll-total-amount')).toHaveText(money(total));
  await expect(summary).toContainText(`Approved${money(amountOf('mohan') + chosen)}`);
  await expect(summary).toContainText(`Drafts${money(0)}`);
  await expect(page.getByRole('checkbox', { name: `Select ${nameOf('selvi')}` })).toBeDisabled();

  // Refused: Lakshmi's new draft is approved elsewhere while the confirmation is open. Nothing is approved by this
  // screen, which says why in the API's words, naming her.
  const session = await apiSignIn(request);
  const auth = { Authorization: `Bearer ${session.access_token}` };
  const lastDay = new Date(Date.UTC(Number(world.month.slice(0, 4)), Number(world.month.slice(5, 7)), 0)).getUTCDate();
  const added = await request.post('/api/driver/payouts/add', {
    headers: auth,
    data: { driver_id: world.drivers.lakshmi.id, period_start: `${world.month}-01`, period_end: `${world.month}-${pad(lastDay)}` },
  });
  expect(added.status(), await added.text()).toBe(201);
  const lakshmiDraft = ((await added.json()) as { data: PayoutDetail }).data;
  await page.reload();
  await page.getByRole('checkbox', { name: `Select ${nameOf('lakshmi')}` }).check();
  await bar.getByRole('button', { name: 'Approve the chosen payouts' }).click();
  await expect(dialog).toContainText(`1 payout for ${monthName(world.month)}, ${money(amountOf('lakshmi'))} in all:`);
  expect((await request.patch(`/api/driver/payouts/approve/${lakshmiDraft.id}`, { headers: auth })).status()).toBe(200);
  await dialog.getByRole('button', { name: `Approve ${money(amountOf('lakshmi'))}` }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Nothing was approved' });
  await expect(refusal).toContainText(
    `Nothing was approved: one of the payouts chosen cannot be approved now (${nameOf('lakshmi')}). Leave it out, or open it to see why.`,
  );
  await expect(refusal).toContainText(`${nameOf('lakshmi')}: This payout is approved: it can no longer be changed or deleted.`);
  await expect(record(page, nameOf('lakshmi'))).toContainText('Approved');
  expect(await seriousViolations(page)).toEqual([]);

  // The CSV: the same columns, the rows as shown, then the totals.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`payroll-${world.month}.csv`);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  const major = (minor: number) => (minor / 100).toFixed(2);
  expect(csv).toEqual([
    'Driver,Hours,Trips,Amount (GBP),Status',
    'Arun Prakash,0,0,0.00,No payout yet',
    'Kavin Raj,0,0,0.00,No payout yet',
    `${nameOf('lakshmi')},5,0,${major(amountOf('lakshmi'))},Approved`,
    `${nameOf('mohan')},4,0,${major(amountOf('mohan'))},Approved`,
    `${nameOf('ravi')},7.5,1,${major(amountOf('ravi'))},Approved`,
    `${nameOf('selvi')},16.5,0,${major(amountOf('selvi'))},Approved`,
    `Totals,33,1,${major(total)},`,
    '',
  ]);

  // A row opens the driver's payout on their page.
  await page.getByRole('link', { name: nameOf('selvi'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/1/drivers/${world.drivers.selvi.id}\\?payout=${world.payouts.selvi?.id}`));
  const detail = page.getByRole('region', { name: /^Payout for / });
  await expect(detail.getByText('Approved', { exact: true })).toBeVisible();
  await expect(detail.getByTestId('payout-total')).toHaveText(money(amountOf('selvi')));
  await page.goBack();
  await expect(month).toHaveValue(world.month);
});

test(
  'in Tamil on a phone: the month as cards with their totals, no sideways scroll, and the confirmation',
  PHONE_ONLY,
  async ({ page, request, world }) => {
    const session = await apiSignIn(request);
    await storeSession(page, session);
    await page.evaluate(() => localStorage.setItem('language', 'ta'));
    await page.goto(`/1/payroll?month=${world.month}`);
    await expect(page.getByRole('heading', { name: 'ஊதியப் பட்டியல்', level: 1 })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'மாதம்' })).toHaveValue(world.month);
    const cards = page.getByRole('list', { name: `${monthName(world.month, 'ta-IN')} மாத ஓட்டுநர் ஊதியம்` });
    await expect(cards.getByTestId('record-card')).toHaveCount(6);
    await expect(record(page, nameOf('lakshmi'))).toContainText('கொடுப்பனவு இல்லை');
    await expect(record(page, nameOf('mohan'))).toContainText('அங்கீகரிக்கப்பட்டது');
    await expect(record(page, nameOf('selvi'))).toContainText('வரைவு');
    const totals = page.getByTestId('record-totals');
    await expect(totals).toContainText('மொத்தம்');
    await expect(totals).toContainText('33');
    const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noSidewaysScroll()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('checkbox', { name: `${nameOf('selvi')}-ஐத் தேர்ந்தெடு` }).check();
    await page.getByRole('button', { name: 'தேர்ந்தெடுத்த கொடுப்பனவுகளை அங்கீகரி' }).click();
    const dialog = page.getByRole('dialog', { name: 'இந்தக் கொடுப்பனவுகளை அங்கீகரிக்கவா?' });
    await expect(dialog).toContainText(`1 கொடுப்பனவு அங்கீகரிக்கப்படும்`);
    await expect(dialog.getByRole('button', { name: /அங்கீகரி$/ })).toBeEnabled();
    await expect(page.locator('.mantine-Modal-content')).toHaveCSS('opacity', '1');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await noSidewaysScroll()).toBe(true);
    await dialog.getByRole('button', { name: 'ரத்துசெய்' }).click();
    await expect(dialog).toBeHidden();
  },
);
