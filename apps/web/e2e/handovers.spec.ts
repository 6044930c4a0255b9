import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { Booking } from '@ps/contracts';
import type { Handover } from '@ps/contracts/handovers';
import { roleTemplates } from '@ps/contracts/roles';
import handoversTa from '../src/features/handovers/locales/ta.json' with { type: 'json' };
import { call, choose, heathrowMeetAndGreet } from './bookingWorld';
import { dialogOpen, noSidewaysScroll, setLanguage } from './catalogue';
import { apiSignIn, figure, PHONE_ONLY, seriousViolations, storeSession, toast, userWithRole } from './support';

/**
 * Handovers (issue 22, section 1) against the real API: a confirmed meet-and-greet booking is checked in on the
 * handover screen with its mileage, fuel, bay, key, a damage mark, a photo and the customer's signature, after the
 * outstanding is taken from the screen; the booking page shows the record and the toast's Undo takes it back. Checked
 * in again, the car is checked out against the check-in's marks and photo with a new mark made from the keyboard.
 * English at 1440 px; the Tamil pass at 375 px with the phone's one-hand rules (44 px targets, nothing sideways).
 */

/** A yard of this run with one bay; a confirmed booking at the demo's Heathrow. */
async function handoverWorld(request: APIRequestContext, token: string, customer: string) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const yard = await call<{ id: number; name: string }>(request, token, 'POST', '/yards/add', { name: `Handover yard ${tag}` });
  const bay = await call<{ id: number; name: string }>(request, token, 'POST', '/position/add', {
    yard_id: yard.id,
    name: `H${tag.slice(-5).toUpperCase()}`,
    kind: 'bay',
  });
  const booking = await heathrowMeetAndGreet(request, token, { daysAhead: 2, customer, regPrefix: 'HO' });
  expect(booking.status).toBe('confirmed');
  expect(booking.outstanding).toBeGreaterThan(0);
  return { yard, bay, booking };
}

/** A small real JPEG, drawn by the browser (the screen decodes it to shrink it, so magic bytes alone would not do). */
async function jpegOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.fillStyle = '#1864ab';
    context.fillRect(0, 0, 64, 48);
    context.fillStyle = '#ffd43b';
    context.fillRect(16, 12, 32, 24);
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1] ?? '';
  });
}

/** Draws a zigzag on the signature pad with the mouse (pointer events, as a finger's). */
async function sign(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) {
    await page.mouse.move(box.x + 20 + step * 25, box.y + box.height / 2 + (step % 2 ? -30 : 30), { steps: 4 });
  }
  await page.mouse.up();
}

/** Every image in `scope` has arrived and decoded (a thumbnail fetched as a Blob with the session). */
async function imagesLoaded(scope: ReturnType<Page['locator']>) {
  await expect
    .poll(() => scope.locator('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
}

test('checks a car in with what was seen, undoes it from the toast, and checks it out against the check-in', async ({ page, request }) => {
  const session = await apiSignIn(request);
  const token = session.access_token;
  const { yard, bay, booking } = await handoverWorld(request, token, 'Handover Customer');
  await storeSession(page, session);
  await page.goto(`/1/bookings/${booking.id}`);

  // The booking page offers the handover screen instead of a one-click move.
  await expect(page.getByRole('heading', { name: `Booking ${booking.reference}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check in' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Check in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/1/bookings/${booking.id}/handover\\?kind=check_in$`));
  await expect(page.getByRole('heading', { name: `Check in ${booking.vehicle_reg}`, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(`Check in ${booking.vehicle_reg} · Parking Solutions`);
  const outstanding = page.getByTestId('handover-outstanding');
  await expect(outstanding).toContainText(/^Outstanding: £[\d,]+\.\d\d/);
  expect(await seriousViolations(page)).toEqual([]);

  // What is owed is taken from here, for the outstanding amount, in one tap and a confirmation.
  await outstanding.getByRole('button', { name: 'Take payment' }).click();
  await dialogOpen(page);
  const payment = page.getByRole('dialog', { name: `Take payment for ${booking.reference}` });
  await expect(payment.getByRole('textbox', { name: /^Amount/ })).toHaveValue((figure(booking.outstanding) / 100).toFixed(2));
  expect(await seriousViolations(page), 'payment dialog').toEqual([]);
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(payment).toBeHidden();
  await expect(outstanding).toHaveText('Paid in full');

  // Mileage, fuel, bay and key.
  await page.getByRole('textbox', { name: 'Mileage' }).fill('42180');
  const fuel = page.getByRole('slider', { name: 'Fuel' });
  await fuel.focus();
  for (let step = 0; step < 5; step++) await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('fuel-value')).toHaveText('5/8');
  await choose(page, /^Position/, bay.name, bay.name);
  await page.getByRole('textbox', { name: /^Key location/ }).fill('Box 1, hook 7');

  // A mark where the left side is tapped; its note field takes the words at once.
  await page.getByRole('button', { name: 'Add a damage mark: Left side' }).click({ position: { x: 20, y: 150 } });
  const note = page.getByRole('textbox', { name: 'Mark 1, Left side: what is it?' });
  await expect(note).toBeFocused();
  await note.fill('Scratch on the rear door');
  await expect(page.getByRole('region', { name: 'Damage' }).getByTestId('outline-mark')).toHaveCount(1);

  // A photo from the camera, made smaller on the phone and previewed.
  const jpeg = await jpegOf(page);
  await page.getByTestId('photo-input').setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(jpeg, 'base64') });
  await expect(page.getByTestId('photo-previews').getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await expect(page.getByText('1 of 8 photos.', { exact: false })).toBeVisible();

  await sign(page);
  await expect(page.getByText('Signed', { exact: true })).toBeVisible();
  expect(await seriousViolations(page), 'filled in').toEqual([]);

  // The last step says what will be recorded and what is owed; Back keeps everything.
  await page.getByRole('button', { name: 'Check in…' }).click();
  await dialogOpen(page);
  const confirm = page.getByRole('dialog', { name: `Check in ${booking.vehicle_reg}?` });
  await expect(confirm.getByTestId('confirm-outstanding')).toHaveText('Nothing is owed.');
  await expect(confirm.getByTestId('confirm-summary')).toContainText('1 damage mark');
  await expect(confirm.getByTestId('confirm-summary')).toContainText('1 photo');
  await expect(confirm.getByTestId('confirm-summary')).toContainText(`Position: ${bay.name} · ${yard.name}; key: Box 1, hook 7`);
  await expect(confirm.getByTestId('confirm-summary')).toContainText('Signed by the customer');
  expect(await seriousViolations(page), 'confirmation').toEqual([]);
  await confirm.getByRole('button', { name: 'Back' }).click();
  await expect(note).toHaveValue('Scratch on the rear door');
  await page.getByRole('button', { name: 'Check in…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm check-in' }).click();

  // The booking page: checked in, the record with its photo and signature; the toast offers the undo.
  await expect(page).toHaveURL(new RegExp(`/1/bookings/${booking.id}$`));
  await expect(page.getByTestId('booking-status')).toHaveText('Checked in');
  await expect(toast(page, `${booking.reference} checked in.`)).toBeVisible();
  const record = page.getByTestId('handover-record').first();
  await expect(record).toContainText('Check-in');
  await expect(record).toContainText('Recorded by Demo Admin');
  await expect(record).toContainText('42,180');
  await expect(record).toContainText('5/8');
  await expect(record).toContainText(`${bay.name} · ${yard.name}`);
  await expect(record).toContainText('Box 1, hook 7');
  await expect(record.getByTestId('record-marks')).toHaveText('1. Left side: Scratch on the rear door');
  await expect(record.getByTestId('handover-thumbnail')).toHaveCount(1);
  await expect(record.getByRole('img', { name: 'The customer’s signature (Check-in)' })).toBeVisible();
  await imagesLoaded(record);
  await record.getByRole('button', { name: 'Open Check-in photos: 1 of 1' }).click();
  await dialogOpen(page);
  await expect(
    page.getByRole('dialog', { name: 'Check-in photos: 1 of 1' }).getByRole('img', { name: 'Check-in photos: 1 of 1' }),
  ).toBeVisible();
  expect(await seriousViolations(page), 'photo opened').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('car-now')).toHaveText(`Now at ${bay.name} · ${yard.name}; key: Box 1, hook 7.`);
  expect(await seriousViolations(page), 'booking page').toEqual([]);

  await page.locator('.Toastify').getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, `The check-in of ${booking.reference} was undone.`)).toBeVisible();
  await expect(page.getByTestId('booking-status')).toHaveText('Confirmed');
  await expect(record.getByTestId('handover-undone')).toContainText('Undone by Demo Admin');
  await expect(page.getByTestId('car-now')).toHaveCount(0);

  // Checked in again (as a phone would send it), the car is checked out on the screen against that check-in.
  await call<Handover>(request, token, 'POST', '/handover/add', {
    booking_id: booking.id,
    kind: 'check_in',
    mileage: 42_180,
    fuel_eighths: 5,
    position_id: bay.id,
    key_location: 'Box 1, hook 7',
    marks: [{ area: 'left', x: 0.25, y: 0.5, note: 'Scratch on the rear door' }],
    photos: [jpeg],
    signed_name: 'Grace Hopper',
  });
  await page.reload();
  await expect(page.getByTestId('booking-status')).toHaveText('Checked in');
  await expect(page.getByRole('button', { name: 'Undo the Check-in' })).toBeVisible();
  await page.getByRole('link', { name: 'Check out', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/1/bookings/${booking.id}/handover\\?kind=check_out$`));
  await expect(page.getByRole('heading', { name: `Check out ${booking.vehicle_reg}`, level: 1 })).toBeVisible();
  const earlier = page.getByRole('region', { name: 'At check-in' });
  await expect(earlier.getByTestId('handover-car-now')).toHaveText(`The car is at ${bay.name} · ${yard.name}; its key: Box 1, hook 7.`);
  await expect(earlier.getByTestId('record-marks')).toHaveText('1. Left side: Scratch on the rear door');
  await expect(earlier.getByTestId('handover-thumbnail')).toHaveCount(1);
  await imagesLoaded(earlier);
  await expect(page.getByTestId('earlier-marks')).toHaveText('1. Left side: Scratch on the rear door');
  const damage = page.getByRole('region', { name: 'Damage' });
  await expect(damage.getByTestId('outline-earlier-mark')).toHaveCount(1);
  // At check-out the position is where the car is, not a question.
  await expect(page.getByRole('combobox', { name: /^Position/ })).toHaveCount(0);
  await expect(page.getByText('At check-in: 42,180')).toBeVisible();

  // A new mark from the keyboard: the front's centre.
  await page.getByRole('button', { name: 'Add a damage mark: Front' }).focus();
  await page.keyboard.press('Enter');
  const newNote = page.getByRole('textbox', { name: 'Mark 1, Front: what is it?' });
  await expect(newNote).toBeFocused();
  await page.keyboard.type('New dent on the bumper');
  await expect(damage.getByTestId('outline-mark')).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Mileage' }).fill('42311');
  expect(await seriousViolations(page), 'check-out').toEqual([]);

  await page.getByRole('button', { name: 'Check out…' }).click();
  await dialogOpen(page);
  await page
    .getByRole('dialog', { name: `Check out ${booking.vehicle_reg}?` })
    .getByRole('button', { name: 'Confirm check-out' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/1/bookings/${booking.id}$`));
  await expect(page.getByTestId('booking-status')).toHaveText('Checked out');
  await expect(toast(page, `${booking.reference} checked out.`)).toBeVisible();
  const checkOut = page.locator('[data-testid="handover-record"][data-kind="check_out"]');
  await expect(checkOut.getByTestId('record-marks')).toHaveText('1. Front: New dent on the bumper');
  await expect(checkOut).toContainText('42,311');
  await expect(checkOut).toContainText(`${bay.name} · ${yard.name}`);
  await expect(page.getByTestId('handover-record')).toHaveCount(3);
  const saved = await call<Booking>(request, token, 'GET', `/booking/get/${booking.id}`);
  expect(saved.status).toBe('checked_out');
});

test('in Tamil on a phone: a check-in with one hand, nothing sideways, targets of 44 px', PHONE_ONLY, async ({ page, request }) => {
  const w = handoversTa.handovers;
  const admin = await apiSignIn(request);
  const { bay, booking } = await handoverWorld(request, admin.access_token, 'Kaiyoppam Customer');
  // The gate's own role: the usual ground staff, who also take payments here (so see what is owed).
  const { session } = await userWithRole(request, 'Gate crew', [
    ...roleTemplates.ground_staff,
    'payments.view',
    'payments.create',
    'finance.view',
  ]);
  await storeSession(page, session);
  await setLanguage(page, 'ta');
  // Without a kind in the address, the booking's status says which handover is due.
  await page.goto(`/1/bookings/${booking.id}/handover`);
  await expect(
    page.getByRole('heading', { name: w.screen.title.check_in.replace('{{reg}}', booking.vehicle_reg), level: 1 }),
  ).toBeVisible();
  await expect(page.getByTestId('handover-outstanding')).toContainText(w.screen.outstanding.replace('{{amount}}', ''));

  await page.getByRole('textbox', { name: w.fields.mileage }).fill('9050');
  await choose(page, new RegExp(`^${w.fields.position}`), bay.name, bay.name);
  await page.getByRole('button', { name: w.outline.addOn.replace('{{area}}', w.areas.roof) }).tap({ position: { x: 40, y: 60 } });
  await page.keyboard.type('கூரையில் கீறல்');
  await page
    .getByTestId('photo-input')
    .setInputFiles({ name: 'roof.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(await jpegOf(page), 'base64') });
  await expect(page.getByTestId('photo-previews').getByRole('img')).toHaveCount(1);
  await sign(page);
  await page.getByRole('textbox', { name: new RegExp(`^${w.fields.signedName}`) }).fill('கவின் ராஜ்');

  await noSidewaysScroll(page);
  // One hand: every button and field of the form is a 44 px target (the outline's areas far more).
  const small = await page
    .locator('main form :is(button, input:not([type="hidden"]):not([type="file"]), textarea)')
    .evaluateAll((controls) =>
      controls
        .filter((control) => (control as HTMLElement).offsetParent !== null)
        .map((control) => ({
          name: control.getAttribute('aria-label') || control.id || control.textContent,
          box: control.getBoundingClientRect(),
        }))
        .filter(({ box }) => box.height < 44 || box.width < 44)
        .map(({ name, box }) => `${name}: ${Math.round(box.width)}×${Math.round(box.height)}`),
    );
  expect(small).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: w.screen.review.check_in }).click();
  await dialogOpen(page);
  expect(await seriousViolations(page), 'confirmation').toEqual([]);
  // What is owed is taken from the confirmation itself; the confirmation comes back with nothing owed.
  await page.getByRole('dialog').getByRole('button', { name: w.payment.take }).click();
  await dialogOpen(page);
  await page.getByRole('dialog').getByRole('button', { name: w.payment.record }).click();
  await expect(page.getByRole('dialog').getByTestId('confirm-outstanding')).toHaveText(w.confirm.nothingOwed);
  await page.getByRole('dialog').getByRole('button', { name: w.confirm.confirm.check_in }).click();
  await expect(page).toHaveURL(new RegExp(`/1/bookings/${booking.id}$`));
  await expect(toast(page, w.toast.recorded.check_in.replace('{{reference}}', booking.reference))).toBeVisible();
  const record = page.getByTestId('handover-record');
  await expect(record).toHaveCount(1);
  await expect(record.getByTestId('record-marks')).toHaveText(`1. ${w.areas.roof}: கூரையில் கீறல்`);
  await expect(record.getByTestId('handover-signed-name')).toHaveText(w.record.signedName.replace('{{name}}', 'கவின் ராஜ்'));
  await imagesLoaded(record);
  await noSidewaysScroll(page);
  expect(await seriousViolations(page), 'booking page').toEqual([]);
});
