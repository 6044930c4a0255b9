import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN, apiSignIn, BOTH_WIDTHS, expiredCopyOf, newDriver, SUPER_ADMIN, stored, storeSession, toast } from './support';

const identifier = (page: Page) => page.getByLabel('Email, phone or username');
const password = (page: Page) => page.getByLabel('Password', { exact: true });
const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign In' });

async function signInWithForm(page: Page, email: string, secret: string) {
  await identifier(page).fill(email);
  await password(page).fill(secret);
  await signInButton(page).click();
}

test.describe('before sign-in', () => {
  test('the root and unknown paths lead to the sign-in form', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page).toHaveTitle('Parking Solutions');
    // The first field has the focus.
    await expect(identifier(page)).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expect(identifier(page)).toHaveAttribute('placeholder', 'Email');
    await expect(page.getByRole('img', { name: 'Parking Solutions Demo logo' })).toBeVisible();

    await page.goto('/somewhere/else/entirely');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto('/auth/whatever');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto('/1/airports');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('the step screens opened without a sign-in answer go back to the form', async ({ page }) => {
    await page.goto('/auth/change-password');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto('/auth/verify');
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('the not-found page leads to the sign-in page', async ({ page }) => {
    await page.goto('/notfound');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('button', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(signInButton(page)).toBeVisible();
  });
});

test.describe('sign-in form', () => {
  test('shows every validation message and sends nothing while invalid', async ({ page }) => {
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/login')) loginCalls++;
    });
    await page.goto('/auth/login');
    const identifierError = page.locator('.mantine-InputWrapper-error').first();

    await signInButton(page).click();
    await expect(page.getByText('This field is required')).toHaveCount(2);

    await identifier(page).fill('ab');
    await expect(identifierError).toHaveText('Minimum 3 characters');
    await identifier(page).fill('a'.repeat(51));
    await expect(identifierError).toHaveText('Maximum 50 characters');
    await identifier(page).fill('admin@example');
    await expect(identifierError).toHaveText('Wrong email format');
    await identifier(page).fill('   ');
    await expect(identifierError).toHaveText('This field cannot contain only blankspaces');
    await identifier(page).fill('12345');
    await expect(identifierError).toHaveText('Wrong phone number format');
    await identifier(page).fill('john doe');
    await expect(identifierError).toHaveText('A username may contain only letters, digits, dots, dashes and underscores');
    await identifier(page).fill(ADMIN.email);
    await expect(page.getByText('This field is required')).toHaveCount(1);

    await password(page).fill('ab');
    await expect(page.getByText('Minimum 3 characters')).toBeVisible();
    await password(page).fill('p'.repeat(51));
    await expect(page.getByText('Maximum 50 characters')).toBeVisible();
    await signInButton(page).click();
    await expect(page.getByText('Maximum 50 characters')).toBeVisible();
    expect(loginCalls).toBe(0);
  });

  test('"Show Password" reveals the password', async ({ page }) => {
    await page.goto('/auth/login');
    await password(page).fill('secret');
    await expect(password(page)).toHaveAttribute('type', 'password');
    await page.getByLabel('Show Password').check();
    await expect(password(page)).toHaveAttribute('type', 'text');
  });

  test('a wrong password shows the server message; the same values again are not sent', async ({ page }) => {
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/login')) loginCalls++;
    });
    await page.goto('/auth/login');
    await signInWithForm(page, ADMIN.email, 'not-the-password');
    await expect(toast(page, 'The sign-in details are not correct.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);

    await signInButton(page).click();
    await expect(toast(page, 'Try with different username/password')).toBeVisible();
    expect(loginCalls).toBe(1);

    // Different values are sent again, and the right ones sign in.
    await password(page).fill(ADMIN.password);
    await signInButton(page).click();
    await expect(page).toHaveURL(/\/1\/dashboard$/);
  });

  test('toasts sit top right; an error stays until closed, a success closes after 2 seconds', async ({ page }) => {
    await page.goto('/auth/login');
    await signInWithForm(page, ADMIN.email, 'still-not-the-password');
    const error = toast(page, 'The sign-in details are not correct.');
    await expect(error).toBeVisible();
    await expect(page.locator('.Toastify__toast-container')).toHaveClass(/Toastify__toast-container--top-right/);
    // No timer runs on an error toast: it waits for the close button.
    await expect(error.locator('.Toastify__progress-bar--wrp')).toHaveAttribute('data-hidden', 'true');
    await error.getByRole('button', { name: 'Close' }).click();
    await expect(error).toHaveCount(0);

    await password(page).fill(ADMIN.password);
    await signInButton(page).click();
    const success = toast(page, 'User Login successfully.!');
    await expect(success).toBeVisible();
    await expect(success.getByRole('progressbar')).toHaveAttribute('style', /animation-duration: 2000ms/);
  });

  test('signs in in English: success toast, tokens stored, lands on /{company_id}', BOTH_WIDTHS, async ({ page }) => {
    await page.goto('/auth/login');
    await signInWithForm(page, ADMIN.email, ADMIN.password);
    await expect(toast(page, 'User Login successfully.!')).toBeVisible();
    await expect(page).toHaveURL(/\/1\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    expect(await stored(page, 'token')).toBeTruthy();
    expect(await stored(page, 'ref_token')).toBeTruthy();
    expect(await stored(page, 'company_id')).toBe('1');
    expect(await stored(page, 'org_id')).toBe('1');
    // The success toast closes by itself (2 s).
    await expect(toast(page, 'User Login successfully.!')).toBeHidden({ timeout: 6000 });

    // Signed in, the sign-in page is not shown again; signing out returns to it.
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/1\/dashboard$/);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await stored(page, 'token')).toBeNull();
  });

  test('signs in in Tamil', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Language').selectOption('ta');
    await expect(page.getByRole('heading', { name: 'வரவேற்கிறோம்' })).toBeVisible();
    expect(await stored(page, 'language')).toBe('ta');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await expect(page.getByLabel('மின்னஞ்சல், தொலைபேசி அல்லது பயனர்பெயர்')).toHaveAttribute('placeholder', 'மின்னஞ்சல்');
    await expect(page.getByLabel('கடவுச்சொல்லைக் காட்டு')).toBeVisible();

    await page.getByRole('button', { name: 'உள்நுழை' }).click();
    await expect(page.getByText('இந்தப் புலம் கட்டாயமானது')).toHaveCount(2);

    await page.getByLabel('மின்னஞ்சல், தொலைபேசி அல்லது பயனர்பெயர்').fill(ADMIN.email);
    await page.getByLabel('கடவுச்சொல்', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'உள்நுழை' }).click();
    // Second person, without the English ".!" (it once said "the user signed in.!").
    await expect(toast(page, 'வெற்றிகரமாக உள்நுழைந்தீர்கள்!')).toBeVisible();
    await expect(page).toHaveURL(/\/1\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'கட்டுப்பாட்டுப் பலகை', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('கட்டுப்பாட்டுப் பலகை · Parking Solutions');
    // Country names follow the language too, translated rather than transliterated.
    await page.goto('/1/airports?search=CMB');
    await expect(page.getByText('இலங்கை', { exact: true }).first()).toBeVisible();
    await page.goto('/1/airports?search=LHR');
    await expect(page.getByText('ஐக்கிய இராச்சியம்', { exact: true }).first()).toBeVisible();
  });

  test('the organisation super admin signs in at /auth/admin/login and sees the core airports', async ({ page }) => {
    let body: Record<string, unknown> | undefined;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/login')) body = request.postDataJSON();
    });
    await page.goto('/auth/admin/login');
    await expect(page.getByText('Organisation administrator sign-in')).toBeVisible();
    await signInWithForm(page, SUPER_ADMIN.email, SUPER_ADMIN.password);
    await expect(page).toHaveURL(/\/org\/core-airports$/);
    await expect(page.getByRole('heading', { name: 'Core airports' })).toBeVisible();
    await expect(page.getByText('LHR', { exact: true }).first()).toBeVisible();
    expect(body).toMatchObject({ type: 'email', email: SUPER_ADMIN.email, org_instance_id: 1 });
    expect(body).not.toHaveProperty('company_id');
  });

  test("in Tamil the super admin is the organisation's administrator, not a company's", async ({ page }) => {
    await page.goto('/auth/admin/login');
    await page.getByLabel('Language').selectOption('ta');
    // "குழுமம்" is the organisation (docs/glossary.md); "நிறுவனம்" is a company, "அமைப்புகள்" the settings.
    await expect(page.getByText('குழும நிர்வாகி உள்நுழைவு', { exact: true })).toBeVisible();
    await page.getByLabel('மின்னஞ்சல், தொலைபேசி அல்லது பயனர்பெயர்').fill(SUPER_ADMIN.email);
    await page.getByLabel('கடவுச்சொல்', { exact: true }).fill(SUPER_ADMIN.password);
    await page.getByRole('button', { name: 'உள்நுழை' }).click();
    await expect(page).toHaveURL(/\/org\/core-airports$/);
    await expect(page.getByRole('banner').getByText('குழுமம்', { exact: true })).toBeVisible();
  });
});

test.describe('sign-in steps', () => {
  test('a driver with a temporary password must choose a new one, then is signed in', async ({ page, request }) => {
    const driver = await newDriver(request);
    await page.goto('/auth/login');
    await signInWithForm(page, driver.email, driver.temporary);
    await expect(page).toHaveURL(/\/auth\/change-password$/);
    await expect(page.getByText('Ilango Sekar, choose a new password to finish signing in.')).toBeVisible();

    const newPassword = page.getByLabel('New password');
    // The first field has the focus.
    await expect(newPassword).toBeFocused();
    const confirm = page.getByLabel('Confirm password');
    await newPassword.fill('short');
    await confirm.fill('other');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(page.getByText('Use 8 to 50 characters with at least one letter and one digit')).toBeVisible();
    await expect(page.getByText("Password and confirm password didn't match")).toBeVisible();

    await newPassword.fill('Chosen9876');
    await confirm.fill('Chosen9876');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await expect(toast(page, 'User Login successfully.!')).toBeVisible();
    await expect(page).toHaveURL(/\/1(\/|$)/);
    expect(await stored(page, 'token')).toBeTruthy();

    // A driver lands on their day (issue 22, section 3), not on the back-office's screens.
    await expect(page).toHaveURL(/\/1\/my-day$/);
    await expect(page.getByRole('heading', { name: 'My day', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Airports' })).toHaveCount(0);
    await expect(page).toHaveTitle('My day · Parking Solutions');
    await expect(page.locator('.Toastify__toast--error')).toHaveCount(0);

    // The new password is the one that works now.
    const session = await apiSignIn(request, driver.email, 'Chosen9876');
    expect(session.user_data.name).toBe('Ilango Sekar');
  });

  test('a user with two-factor sign-in enters the code from the app', async ({ page, request }) => {
    const driver = await newDriver(request);
    // Finish the first sign-in and turn TOTP on through the API.
    const step = await request.post('/api/auth/login', {
      data: { type: 'email', email: driver.email, password: driver.temporary, org_instance_id: 1 },
    });
    const { step_token } = (await step.json()).data;
    const changed = await request.post('/api/auth/change-password', {
      data: { step_token, new_password: 'Chosen9876', confirm_password: 'Chosen9876' },
    });
    expect(changed.status()).toBe(202);
    const bearer = { Authorization: `Bearer ${(await changed.json()).data.access_token}` };
    const setup = await request.post('/api/auth/totp/setup', { headers: bearer });
    const { secret } = (await setup.json()).data;
    const enabled = await request.post('/api/auth/totp/enable', { headers: bearer, data: { code: await generate({ secret }) } });
    expect(enabled.status()).toBe(200);

    await page.goto('/auth/login');
    await signInWithForm(page, driver.email, 'Chosen9876');
    await expect(page).toHaveURL(/\/auth\/verify$/);
    const code = page.getByLabel('Verification code');
    await expect(code).toBeFocused();
    await code.fill('12');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Enter the 6-digit code from your authenticator app', { exact: true })).toBeVisible();

    // Each code works once: the current one confirmed the setup, so the app's next one signs in.
    await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(toast(page, 'User Login successfully.!')).toBeVisible();
    await expect(page).toHaveURL(/\/1(\/|$)/);
  });
});

test.describe('session', () => {
  test('an expired access token is refreshed silently', async ({ page, request }) => {
    const session = await apiSignIn(request);
    const expired = await expiredCopyOf(session.access_token);
    await storeSession(page, { access_token: expired, refresh_token: session.refresh_token });
    // Other tests add airports to the same server: search, so LHR is on the first page whatever ran before.
    await page.goto('/1/airports?search=LHR');

    await expect(page.getByRole('heading', { name: 'Airports' })).toBeVisible();
    await expect(page.getByText('LHR', { exact: true }).first()).toBeVisible();
    await expect.poll(() => stored(page, 'token')).not.toBe(expired);
    expect(await stored(page, 'ref_token')).not.toBe(session.refresh_token);
    await expect(page).toHaveURL(/\/1\/airports\?search=LHR$/);
    await expect(page.locator('.Toastify__toast--error')).toHaveCount(0);
  });

  test('a failed refresh clears the session and returns to sign-in with the reason', async ({ page }) => {
    await page.goto('/auth/login');
    await page.evaluate(() => {
      localStorage.setItem('token', 'not-a-token');
      localStorage.setItem('ref_token', 'not-a-refresh-token');
      localStorage.setItem('company_id', '1');
      localStorage.setItem('language', 'en');
    });
    await page.goto('/1/airports');

    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(toast(page, 'Your session is not valid. Please sign in again.')).toBeVisible();
    expect(await stored(page, 'token')).toBeNull();
    expect(await stored(page, 'ref_token')).toBeNull();
    expect(await stored(page, 'language')).toBe('en');
    expect(await stored(page, 'basic_token')).toBeTruthy();
  });

  test('a company path that is not the signed-in company shows the not-found page', async ({ page, request }) => {
    const session = await apiSignIn(request);
    await storeSession(page, session);
    await page.goto('/999/airports');
    await expect(page).toHaveURL(/\/notfound$/);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });

  test('signed in, /notfound and unknown paths show inside the app shell', async ({ page, request }) => {
    const session = await apiSignIn(request);
    await storeSession(page, session);
    for (const path of ['/notfound', '/1/no-such-screen', '/no-such-company']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
      // The shell is there: navigation and sign-out.
      await expect(page.getByRole('button', { name: 'Sign out' }).first()).toBeAttached();
      // Its entries are there, Airports in its group (closed when the screen on view is none of the group's).
      await expect(
        page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Airports', includeHidden: true }),
      ).toBeAttached();
      await expect(page).toHaveTitle('Page Not Found · Parking Solutions');
    }
    await page.getByRole('link', { name: 'Go to my home screen' }).click();
    await expect(page).toHaveURL(/\/1\/dashboard$/);
  });
});

test.describe('main application chunk', () => {
  test('shows "Loading..." while the main application loads', async ({ page, request }) => {
    const session = await apiSignIn(request);
    await storeSession(page, session);
    await page.route('**/assets/layouts-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/1/airports');
    await expect(page.getByText('Loading...')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Airports' })).toBeVisible();
  });

  test('a main application chunk that cannot load shows an error with a reload button', async ({ page, request }) => {
    const session = await apiSignIn(request);
    await storeSession(page, session);
    await page.route('**/assets/layouts-*.js', (route) => route.abort());
    await page.goto('/1/airports');
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
  });
});
