import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { nextCode } from './support/identity-mail.js';
import { SCREENSHOTS } from './support/state.js';

/** A full-page screenshot from the top (a fixed header or nav would otherwise land mid-page). */
async function shot(page: Page, name: string, fullPage = true) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: join(SCREENSHOTS, `identity-${name}.png`), fullPage });
}

/** Types a code into the six boxes the way a thumb does: one digit per box, focus moving on. */
async function typeCode(page: Page, group: string, code: string) {
  const boxes = page.getByRole('group', { name: group }).getByRole('textbox');
  await expect(boxes).toHaveCount(6);
  await boxes.first().click();
  await page.keyboard.type(code, { delay: 30 });
}

async function logIn(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Gmail address', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

test.describe.configure({ mode: 'serial' });

test('a new player registers with the e-mailed code, logs in, sees the profile, logs out, resets the password and logs in again', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = randomBytes(4).toString('hex');
  const email = `e2e.player.${tag}@gmail.com`;
  const username = `player_${tag}`;
  const password = 'first-pass1';
  const newPassword = 'second-pass-16ch';
  let seen = 0;

  // ── Register, step 1 ────────────────────────────────────────────────────────────────────────────────
  await page.goto('/');
  await expect(page.getByRole('form', { name: 'Log in' })).toBeVisible();
  await shot(page, 'landing-login', false);
  await page.getByRole('link', { name: 'Create an account' }).first().click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Gmail address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByLabel('Date of birth', { exact: true }).fill('2000-05-31');
  const sendCode = page.getByRole('button', { name: 'Send code' });
  await expect(sendCode).toBeDisabled();
  await expect(page.getByText('You must agree to the terms and conditions')).toBeVisible();
  await shot(page, 'register-details');
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await expect(sendCode).toBeEnabled();
  await sendCode.click();

  // ── Register, step 2: the code from the real SMTP capture, auto-submitted on the sixth digit ─────────
  await expect(page.getByRole('group', { name: 'Verification code' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await shot(page, 'register-code');
  const registration = await nextCode(email, seen);
  seen = registration.seen;
  await typeCode(page, 'Verification code', registration.code);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Registration successful. Please log in.')).toBeVisible();
  await shot(page, 'login-after-register');

  // ── Log in: live errors, show/hide, then in ─────────────────────────────────────────────────────────
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Gmail address', { exact: true }).fill('someone@yahoo.com');
  await expect(form.getByText('Please enter a valid Gmail address')).toBeVisible();
  await form.getByLabel('Password', { exact: true }).fill('abc');
  await expect(form.getByText('Password must be at least 6 characters long')).toBeVisible();
  await form.getByRole('button', { name: 'Show password' }).click();
  await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await shot(page, 'login-errors');
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/game$/);
  // A new player is offered their limits once, after the first sign-in (skippable).
  const offer = page.getByRole('dialog', { name: 'Set your limits' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);
  // The registration toast has said its piece; close it so the profile screenshot shows the profile.
  const closeToast = page.getByRole('button', { name: 'Close notification' });
  while ((await closeToast.count()) > 0) await closeToast.first().click();

  // ── Own profile ─────────────────────────────────────────────────────────────────────────────────────
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 2, name: username })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Last login')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy referral code' })).toBeVisible();
  await expect(page.getByText('Games played')).toBeVisible();
  // The id shows in a short form; the whole id is what is copied.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy user ID' }).click();
  const userId = await page.evaluate(() => navigator.clipboard.readText());
  expect(userId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole('button', { name: 'Copy user ID' })).toContainText(
    userId.replace(/-/g, '').slice(0, 8).toUpperCase(),
  );
  await page.getByRole('button', { name: 'Copy referral code' }).click();
  await expect(page.getByRole('button', { name: 'Copy referral code' })).toContainText('Copied!');
  await shot(page, 'profile-own');

  // ── The share link opens the public, reduced view (a signed-out visitor) ─────────────────────────────
  const visitor = await browser.newContext({
    viewport: { width: 360, height: 640 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`${new URL(page.url()).origin}#/profile/${userId}`);
  await expect(visitorPage).toHaveURL(new RegExp(`/profile/${userId}$`));
  await expect(visitorPage.getByRole('heading', { level: 1, name: 'Player profile' })).toBeVisible();
  await expect(visitorPage.getByRole('heading', { level: 2, name: username })).toBeVisible();
  await expect(visitorPage.getByText(`e2****@gmail.com`)).toBeVisible();
  await expect(visitorPage.getByText(email)).toHaveCount(0);
  await expect(visitorPage.getByText('Last login')).toHaveCount(0);
  await expect(visitorPage.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await expect(visitorPage.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await shot(visitorPage, 'profile-public');
  await visitor.close();

  // ── Log out ─────────────────────────────────────────────────────────────────────────────────────────
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();
  // The session is over on the server too: a protected screen sends the visitor back to /login.
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);

  // ── Forgot password: email → otp → reset → done ─────────────────────────────────────────────────────
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Gmail address', { exact: true }).fill(email);
  await shot(page, 'forgot-email');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByRole('group', { name: 'One-time code' })).toBeVisible();
  await shot(page, 'forgot-otp');
  const reset = await nextCode(email, seen);
  await typeCode(page, 'One-time code', reset.code);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  // A common password is refused by the form (its list arrives as a chunk of its own), the verified code kept.
  await page.getByLabel('New password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm new password', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('This password is too common. Please choose a less common password.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await shot(page, 'forgot-reset');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();
  await shot(page, 'forgot-done');
  await page.getByRole('button', { name: 'Go to login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // ── The old password no longer works; the new 16-character one does ────────────────────────────────
  await logIn(page, email, password);
  await expect(page.getByRole('alert')).toBeVisible();
  await shot(page, 'login-refused');
  await logIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/game$/);
});
