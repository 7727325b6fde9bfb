import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { fundPlayers } from './support/game-players.js';
import { logInToGame, placeBet, waitForFreshPeriod } from './support/game-pages.js';
import { nextCode } from './support/identity-mail.js';
import {
  apiCall,
  collectConsoleErrors,
  docShot,
  DOCS_SCREENSHOTS,
  expectAccessible,
  expectNoSidewaysScroll,
  LONG,
  seedLongNamedPlayer,
} from './support/experience.js';
import { e2eState } from './support/state.js';

/**
 * What a player, a visitor and an admin notice in their first hour, at 360×640: no red console errors, no page
 * wider than the screen (with long names, UPI IDs and bank details), no serious or critical accessibility
 * violation (axe-core) on any screen, no player bar for visitors, nothing protected after logout and Back, bets
 * confirmed inline with toasts clear of the countdown; and static assets served precompressed.
 */
test.describe.configure({ mode: 'serial' });

const ADMIN = { email: 'superadmin@gmail.com', password: 'admin12345' };

/** The long-named player of this file; whatever happens, none of their withdrawals is left pending for other suites. */
let longPlayer: { username: string } | null = null;

test.afterAll(async () => {
  if (!longPlayer) return;
  const { url } = e2eState();
  const { accessToken } = await apiCall<{ accessToken: string }>(url, 'POST', '/auth/login', ADMIN);
  const { pendingWithdrawals } = await apiCall<{
    pendingWithdrawals: { username: string; walletId: string; withdrawal: { transactionId: string } }[];
  }>(url, 'GET', '/admin/pending-withdraws?status=PENDING', undefined, accessToken);
  for (const entry of pendingWithdrawals.filter((w) => w.username === longPlayer!.username)) {
    await apiCall(
      url,
      'PUT',
      '/admin/update-transaction-status',
      { walletId: entry.walletId, transactionId: entry.withdrawal.transactionId, status: 'FAILED' },
      accessToken,
    );
  }
});
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The box of an element as the screen shows it. */
async function box(page: Page, locator: ReturnType<Page['locator']>) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every screen checked the same way: wide enough, accessible. */
async function checkScreen(page: Page, name: string, shot?: string) {
  await expectNoSidewaysScroll(page, name);
  await expectAccessible(page, name);
  if (shot) await docShot(page, shot);
}

test('a signed-out visitor: no bar, no console errors, nothing wider than the screen, accessible, sign-up reachable without scrolling', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  const seenRequests: string[] = [];
  page.on('request', (r) => seenRequests.push(r.url()));

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(mainNav(page)).toHaveCount(0);
  const create = page.getByRole('link', { name: 'Create an account' }).first();
  await expect(create).toBeInViewport({ ratio: 1 });
  await checkScreen(page, 'landing', 'landing');

  for (const [path, name] of [
    ['/login', 'login'],
    ['/forgot-password', 'forgot-password'],
    ['/terms-and-conditions', 'terms'],
    ['/fairness', 'fairness'],
    ['/no/such/page', 'not-found'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(mainNav(page)).toHaveCount(0);
    if (name === 'login')
      await expect(page.getByRole('link', { name: 'Create an account' }).first()).toBeInViewport({ ratio: 1 });
    await checkScreen(page, name, name === 'login' ? 'login' : undefined);
  }

  // Focus is visible on every control reached with the keyboard.
  await page.goto('/login');
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      return {
        what: `${el.tagName} ${el.textContent?.trim().slice(0, 30) ?? ''}`,
        outline: style.outlineStyle,
        ring: style.boxShadow,
      };
    });
    if (focus)
      expect.soft(focus.outline !== 'none' || focus.ring !== 'none', `focus not visible on ${focus.what}`).toBe(true);
  }

  // Registration: step 2's "Edit details" is on the first screen.
  const tag = randomBytes(4).toString('hex');
  const email = `visitor.${tag}@gmail.com`;
  await page.goto('/register');
  await expect(mainNav(page)).toHaveCount(0);
  await page.getByLabel('Username', { exact: true }).fill(`visitor_${tag}`);
  await page.getByLabel('Gmail address', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('first-pass1');
  await page.getByLabel('Confirm password', { exact: true }).fill('first-pass1');
  await page.getByLabel('Date of birth', { exact: true }).fill('2000-05-31');
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await checkScreen(page, 'register details', 'register-details');
  await page.getByRole('button', { name: 'Send code' }).click();
  await nextCode(email, 0);
  const edit = page.getByRole('button', { name: 'Edit details' });
  await expect(edit).toBeVisible();
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect(edit).toBeInViewport({ ratio: 1 });
  await checkScreen(page, 'register code', 'register-code');

  // A visitor without a session never asks for a refresh (it could only be refused).
  expect(seenRequests.filter((url) => url.includes('/auth/refresh-token'))).toEqual([]);
  expect(errors).toEqual([]);
});

test('a player with long data: every screen fits 360 px and is accessible, bets confirm inline clear of toasts, no console errors, and Back after logout shows nothing protected', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { url, databaseUrl } = e2eState();
  const player = await seedLongNamedPlayer(databaseUrl);
  longPlayer = player;
  await fundPlayers(url, [player], 2000);
  const { accessToken } = await apiCall<{ accessToken: string }>(url, 'POST', '/auth/login', {
    email: player.email,
    password: player.password,
  });
  await apiCall(
    url,
    'POST',
    '/payment/withdraw',
    { method: 'UPI', amount: 500, upiApp: 'GOOGLE_PAY', upiId: LONG.upiId },
    accessToken,
  );
  await apiCall(
    url,
    'POST',
    '/payment/withdraw',
    {
      method: 'BANK_TRANSFER',
      amount: 600,
      accountNumber: LONG.accountNumber,
      ifsc: 'HDFC0001234',
      accountHolderName: LONG.holderName,
    },
    accessToken,
  );

  const errors = collectConsoleErrors(page);
  await logInToGame(page, player.email, player.password);
  await expect(mainNav(page)).toBeVisible();
  await checkScreen(page, 'game', 'game');

  // Bet sheet, then a bet confirmed inline; the toast stays clear of the period card and the countdown.
  await waitForFreshPeriod(page, 12);
  await page.getByTestId('game-card-color').click();
  await expect(page.getByTestId('bet-panel')).toBeVisible();
  await checkScreen(page, 'bet sheet', 'game-bet-sheet');
  // Every stake reads on one line ('₹1000' used to break after '₹100').
  const stakeLines = await page
    .getByTestId('bet-panel')
    .getByRole('group', { name: 'Stake' })
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons.map((button) => {
        const range = document.createRange();
        range.selectNodeContents(button);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
    );
  expect(stakeLines).toEqual(stakeLines.map(() => 1));
  // In landscape (a phone turned, 360 px tall) Confirm Bet stays in view: the sheet scrolls under it.
  await page.setViewportSize({ width: 640, height: 360 });
  await expect(page.getByTestId('bet-panel').getByRole('button', { name: 'Confirm Bet' })).toBeInViewport({ ratio: 1 });
  await page.setViewportSize({ width: 360, height: 640 });
  await page.getByTestId('bet-panel').getByRole('button', { name: 'Hide' }).click();
  await placeBet(page, 'color', 'Red', 10);
  // The confirmation's toast first: it goes after 4 s, the card's and the list's confirmations stay.
  const toast = page
    .getByRole('status')
    .filter({ hasText: /bet/i })
    .locator('xpath=ancestor-or-self::div[contains(@class,"toast")]')
    .first();
  await expect(toast).toBeVisible();
  const toastBox = await box(page, toast);
  const periodBox = await box(page, page.getByRole('region', { name: 'Current period' }));
  const clockBox = await box(page, page.getByRole('banner'));
  expect(overlaps(toastBox, periodBox), 'toast over the period card').toBe(false);
  expect(overlaps(toastBox, clockBox), 'toast over the header countdown').toBe(false);
  await expect(page.getByTestId('game-card-color-placed')).toContainText('₹10.00');
  const currentBet = page.getByRole('region', { name: 'Current bets' }).getByTestId('current-bet');
  await expect(currentBet).toContainText('✓ Confirmed');
  await docShot(page, 'game-bet-confirmed');

  // The result popup: the drawn result above the player's lines.
  const popup = page.getByRole('dialog', { name: /^(Congratulations|Better Luck Next Time)$/ });
  await expect(popup).toBeVisible({ timeout: 45_000 });
  await expect(popup.getByTestId('popup-drawn-result')).toBeVisible();
  await expect(popup).toContainText(/Auto closing in [1-5] seconds?\.\.\./);
  await checkScreen(page, 'result popup', 'game-result-popup');
  // It closes itself seconds after it opens, which the checks above can outlast on a busy machine: OK closes it if it
  // is still open (closing on OK is GameScreen.test.tsx's), and either way it is gone.
  await popup
    .getByRole('button', { name: 'OK' })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await expect(popup).toHaveCount(0);

  for (const [path, heading, shot] of [
    ['/history', 'History', 'history'],
    ['/wallet', 'Wallet', 'wallet'],
    ['/deposit', 'Deposit', 'deposit'],
    ['/withdraw', 'Withdraw', 'withdraw'],
    ['/profile', null, 'profile'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.goto(path);
    if (heading) await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    if (path === '/history') await expect(page.getByTestId('bet-card').first()).toContainText(/LOSS −₹10\.00|WIN \+₹/);
    if (path === '/wallet') await expect(page.getByText(LONG.upiId).first()).toBeVisible();
    if (path === '/withdraw') {
      await page.getByRole('button', { name: 'Google Pay' }).click();
      await page.getByLabel('UPI ID').fill(LONG.upiId);
      await expect(page.getByRole('button', { name: '₹500', exact: true })).toBeVisible();
    }
    await checkScreen(page, path, shot);
  }
  await page.goto(`/profile/${player.id}`);
  await expect(page.getByRole('heading', { level: 2, name: player.username })).toBeVisible();
  await checkScreen(page, 'own profile by id');

  // Logout, then Back: no protected screen renders, not even for a moment — within the app (one document) or
  // across documents (each a full load, or a restore from the browser's back/forward cache).
  await page.addInitScript(() => {
    const log = (entry: string) => {
      const seen = JSON.parse(sessionStorage.getItem('e2e.seen') ?? '[]') as string[];
      seen.push(entry);
      sessionStorage.setItem('e2e.seen', JSON.stringify(seen));
    };
    const record = () => {
      if (!sessionStorage.getItem('e2e.loggedOut')) return;
      document.querySelectorAll('h1').forEach((h) => log(`${location.pathname} ${h.textContent ?? ''}`));
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
    window.addEventListener('pageshow', (event) => {
      if (event.persisted && sessionStorage.getItem('e2e.loggedOut')) log(`restored ${location.pathname}`);
      record();
    });
  });
  await page.goto('/wallet');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await mainNav(page).getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.evaluate(() => sessionStorage.setItem('e2e.loggedOut', '1'));
  for (let i = 0; i < 3; i++) {
    await page.goBack().catch(() => undefined);
    await page.waitForTimeout(700);
    await expect(page).not.toHaveURL(/\/(wallet|history|profile|game|deposit|withdraw)$/);
  }
  const seen = await page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e.seen') ?? '[]') as string[]);
  expect(seen.filter((entry) => /^(\/(wallet|history|profile|game|deposit|withdraw) )|^restored /.test(entry))).toEqual(
    [],
  );
  await expect(mainNav(page)).toHaveCount(0);

  expect(errors).toEqual([]);
});

test('the admin: every tab accessible and within 360 px with long data, review asks first; on a desktop the header spans the content', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const errors = collectConsoleErrors(page);
  await page.goto('/login');
  await page.getByLabel('Gmail address').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('figure', { name: 'Last 50 rounds' })).toBeVisible();
  await expect(page.locator('.stat-card__hint').first()).toBeVisible();
  await checkScreen(page, 'admin dashboard', 'admin-dashboard');
  await page.getByRole('figure', { name: 'Last 50 rounds' }).scrollIntoViewIfNeeded();
  await docShot(page, 'admin-dashboard-charts');

  await page.getByRole('tab', { name: 'Payment' }).click();
  const withdrawals = page.getByRole('region', { name: 'Withdrawals table' });
  await expect(withdrawals).toContainText(LONG.upiId);
  await checkScreen(page, 'admin payment', 'admin-payment');
  const row = withdrawals.locator('tr', { hasText: LONG.upiId });
  await row.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Reject the ₹500.00 withdrawal?' });
  await expect(dialog).toContainText('Ravindranath_Venkatara');
  await checkScreen(page, 'admin review confirmation', 'admin-review-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  // Rejected for real: the toast says what was done, and the player's held money goes back (nothing left pending).
  await row.getByRole('button', { name: 'Reject' }).click();
  await dialog.getByLabel('Reason (shown to the player)').fill('UPI id not found');
  await dialog.getByRole('button', { name: 'Reject withdrawal' }).click();
  await expect(
    page.getByText(
      /^Rejected the ₹500\.00 withdrawal of Ravindranath_Venkatara\w+\. Transaction updated successfully!$/,
    ),
  ).toBeVisible();
  const bankRow = withdrawals.locator('tr', { hasText: LONG.accountNumber.slice(-4) });
  await bankRow.getByRole('button', { name: 'Reject' }).click();
  const bankDialog = page.getByRole('alertdialog', { name: 'Reject the ₹600.00 withdrawal?' });
  await bankDialog.getByLabel('Reason (shown to the player)').fill('Account closed');
  await bankDialog.getByRole('button', { name: 'Reject withdrawal' }).click();
  await expect(page.getByText('No withdrawals found.')).toBeVisible();

  for (const tab of ['Predict', 'Setting']) {
    await page.getByRole('tab', { name: tab }).click();
    await checkScreen(page, `admin ${tab}`);
  }
  expect(errors).toEqual([]);

  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: e2eState().url });
  const wide = await desktop.newPage();
  await wide.goto('/login');
  await wide.getByLabel('Gmail address').fill(ADMIN.email);
  await wide.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await wide.getByRole('button', { name: 'Log in' }).click();
  await expect(wide.getByRole('heading', { level: 1, name: 'Admin panel' })).toBeVisible();
  const bar = await box(wide, wide.locator('.app-header__bar'));
  const content = await box(wide, wide.locator('main.admin-screen'));
  expect(Math.abs(bar.x - content.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(bar.width - content.width)).toBeLessThanOrEqual(1);
  await wide.screenshot({
    path: join(
      DOCS_SCREENSHOTS,
      `${process.env.DOC_SCREENSHOTS === '1' ? '' : 'experience-'}admin-dashboard-desktop.png`,
    ),
    clip: { x: 0, y: 0, width: 1280, height: 400 },
  });
  await desktop.close();
});

test('static assets are served precompressed (brotli, gzip) with Vary, and source maps are not public', async ({
  request,
}) => {
  const index = await request.get('/', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(index.headers()['content-encoding']).toBe('br');
  expect(index.headers()['vary']).toMatch(/Accept-Encoding/i);
  const html = await index.text();
  const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  const style = /<link[^>]+href="([^"]+\.css)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  for (const asset of [script!, style!]) {
    const br = await request.get(asset, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(br.status()).toBe(200);
    expect(br.headers()['content-encoding']).toBe('br');
    expect(br.headers()['content-type']).toMatch(asset.endsWith('.js') ? /javascript/ : /text\/css/);
    expect(br.headers()['cache-control']).toContain('immutable');
    const gz = await request.get(asset, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers()['content-encoding']).toBe('gzip');
    const plain = await request.get(asset, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    expect(Number(br.headers()['content-length'] ?? Infinity)).toBeLessThan(Number(plain.headers()['content-length']));
  }
  expect((await request.get(`${script}.map`)).status()).toBe(404);
});
