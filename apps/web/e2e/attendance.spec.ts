import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Driver } from '@ps/contracts';
import { apiSignIn, seriousViolations, storeSession, toast, widthFor } from './support';

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** Letters only: driver names refuse digits. */
const letters = () =>
  tag()
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')
    .replace(/^./, (first) => first.toUpperCase());

/** The 6th of last month on the company's clock (Europe/London, as the browser here), and how the screens write it. */
function lastMonthDay() {
  const now = new Date(new Date().toLocaleString('en-US', { timeZone: 'Europe/London' }));
  const date = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 6));
  const day = date.toISOString().slice(0, 10);
  const label = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
  return { day, label };
}

/** A new approved driver of the demo company paid £12.00 an hour since January. */
async function driverWithRate(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const added = await request.post('/api/auth/driver/add', {
    headers,
    data: { first_name: 'Nila', last_name: letters(), email: `nila.${tag()}@example.com`, temporary_password: 'Tmp-4821x-driver' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const driver = ((await added.json()) as { data: Driver }).data;
  const rate = await request.post('/api/driver/price_per_hour/add', {
    headers,
    data: { driver_id: driver.id, price_per_hour: 1200, effective_from: '2026-01-01' },
  });
  expect(rate.status(), await rate.text()).toBe(201);
  return driver;
}

const dayRecord = (page: Page, label: string) => page.getByTestId('attendance-day').filter({ has: page.getByText(label, { exact: true }) });

test("records a driver's day and sees its hours and amount; pays it, marks it absent and deletes it", async ({ page, request }) => {
  const session = await apiSignIn(request);
  const driver = await driverWithRate(request, session.access_token);
  const name = `${driver.first_name} ${driver.last_name}`;
  const { day, label } = lastMonthDay();
  await storeSession(page, session);
  await page.goto(`/1/drivers/${driver.id}`);

  const attendance = page.getByRole('region', { name: 'Attendance' });
  await attendance.getByRole('button', { name: 'Previous month' }).click();
  await expect(attendance.getByRole('textbox', { name: 'Month' })).toHaveValue(day.slice(0, 7));
  await expect(attendance.getByText(/^No days recorded in /)).toBeVisible();

  await attendance.getByRole('button', { name: 'Add day' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a day' });
  await dialog.getByRole('textbox', { name: 'Day', exact: true }).fill(day);
  // An end without a start is refused beside the start, before anything is sent.
  await dialog.getByRole('textbox', { name: 'End', exact: true }).fill('16:30');
  await dialog.getByRole('button', { name: 'Add day' }).click();
  await expect(dialog.getByText('Give the start time before the end.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Start', exact: true }).fill('08:00');
  await expect(dialog.getByText('Worked: 8.5 h')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Notes', exact: true }).fill('Terminal 5 runs');
  await dialog.getByRole('button', { name: 'Add day' }).click();
  await expect(toast(page, `${label} recorded.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  const record = dayRecord(page, label);
  await expect(record).toContainText('08:00');
  await expect(record).toContainText('16:30');
  await expect(record).toContainText('8.5 h');
  await expect(record).toContainText('Terminal 5 runs');
  // 8.5 hours at £12.00 an hour.
  await expect(attendance.getByRole('group')).toContainText('Unpaid8.5 h · £102.00 · 1 day');

  // The same day again: refused beside the day, naming the driver.
  await attendance.getByRole('button', { name: 'Add day' }).click();
  await dialog.getByRole('textbox', { name: 'Day', exact: true }).fill(day);
  await dialog.getByRole('button', { name: 'Add day' }).click();
  await expect(dialog.getByText(`${name} already has attendance on ${label}: change that day instead.`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // A night shift: the end before the start is the next morning.
  await record.getByRole('button', { name: `Change ${label}` }).click();
  const edit = page.getByRole('dialog', { name: `Change ${label}` });
  await edit.getByRole('textbox', { name: 'Start', exact: true }).fill('22:00');
  await edit.getByRole('textbox', { name: 'End', exact: true }).fill('06:00');
  await expect(edit.getByText('Ends the next day')).toBeVisible();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, `${label} saved.`)).toBeVisible();
  await expect(record).toContainText('06:00 (next day)');
  await expect(attendance.getByRole('group')).toContainText('Unpaid8 h · £96.00 · 1 day');

  await record.getByRole('button', { name: `Mark paid: ${label}` }).click();
  await expect(toast(page, `${label} marked paid.`)).toBeVisible();
  await expect(attendance.getByRole('group')).toContainText('Paid8 h · £96.00 · 1 day');
  await expect(record.getByRole('button', { name: `Change ${label}` })).toBeDisabled();
  await expect(attendance).toContainText('A paid day is closed');
  await record.getByRole('button', { name: `Mark unpaid: ${label}` }).click();
  await expect(toast(page, `${label} marked unpaid.`)).toBeVisible();

  await record.getByRole('combobox', { name: `Attendance on ${label}` }).selectOption('Absent');
  await page.getByRole('dialog', { name: 'Clear the times?' }).getByRole('button', { name: 'Change' }).click();
  await expect(toast(page, `${label}: Absent.`)).toBeVisible();
  await expect(record).not.toContainText('22:00');
  await expect(attendance.getByRole('group')).toContainText('Unpaid0 h · £0.00 · 0 days');

  await record.getByRole('button', { name: `Delete ${label}` }).click();
  await page.getByRole('dialog', { name: 'Delete attendance day' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, `${label} deleted.`)).toBeVisible();
  await expect(attendance.getByText(/^No days recorded in /)).toBeVisible();
});

for (const l of [
  { lang: 'en', region: 'Attendance', add: 'Add day', dialog: 'Add a day', previous: 'Previous month' },
  { lang: 'ta', region: 'வருகைப் பதிவு', add: 'நாளைச் சேர்', dialog: 'ஒரு நாளைச் சேர்', previous: 'முந்தைய மாதம்' },
] as const) {
  test(`in ${l.lang}: the attendance section, its days and the add dialog pass axe`, widthFor(l.lang), async ({ page, request }) => {
    const session = await apiSignIn(request);
    const driver = await driverWithRate(request, session.access_token);
    const { day } = lastMonthDay();
    const recorded = await request.post('/api/attendance/add', {
      headers: { Authorization: `Bearer ${session.access_token}` },
      data: { driver_id: driver.id, day, start_at: `${day}T07:00:00Z`, end_at: `${day}T15:00:00Z` },
    });
    expect(recorded.status(), await recorded.text()).toBe(201);
    await storeSession(page, session);
    await page.evaluate((value) => localStorage.setItem('language', value), l.lang);
    await page.goto(`/1/drivers/${driver.id}`);
    const attendance = page.getByRole('region', { name: l.region });
    await attendance.getByRole('button', { name: l.previous }).click();
    await expect(page.getByTestId('attendance-day')).toHaveCount(1);
    await expect(attendance.getByRole('group')).toContainText(l.lang === 'en' ? '£96.00' : '96.00');
    expect(await seriousViolations(page)).toEqual([]);
    await attendance.getByRole('button', { name: l.add }).click();
    await expect(page.getByRole('dialog', { name: l.dialog })).toBeVisible();
    await expect(page.locator('.mantine-Modal-content')).toHaveCSS('opacity', '1');
    expect(await seriousViolations(page)).toEqual([]);
  });
}
