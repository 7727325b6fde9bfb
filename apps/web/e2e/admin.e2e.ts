import { ADMIN_TEXTS } from '@app/domain';
import { expect, test, type Page } from '@playwright/test';
import { e2eState } from './support/state.js';
import { seedPlayer } from './support/payments-db.js';
import { logIn } from './support/payments-pages.js';
import {
  accessToken,
  connectPlayer,
  figures,
  newUtr,
  placeBet,
  refreshDashboard,
  requestDeposit,
  shoot,
  statCard,
  SUPER_ADMIN,
  type PlayerSocket,
} from './support/admin-live.js';

const FIGURES = [
  'totalDeposit',
  'pendingDeposit',
  'completedDeposit',
  'totalOnlineUsers',
  'totalUsers',
  'totalBets',
  'pendingBets',
  'completedBets',
  'totalWalletBalance',
  'totalGameResults',
  'totalWithdraw',
  'completedWithdraw',
  'pendingWithdraw',
] as const;

const DESKTOP = { width: 1280, height: 800 } as const;

/** The figures after `refreshDashboard`, once `done(figures)` holds (the server may still be settling). */
async function figuresWhen(
  page: Page,
  done: (f: Record<string, number>) => boolean,
  timeoutMs = 10_000,
): Promise<Record<string, number>> {
  const deadline = Date.now() + timeoutMs;
  let current = await figures(page, FIGURES);
  while (!done(current) && Date.now() < deadline) {
    await page.waitForTimeout(500);
    await refreshDashboard(page);
    current = await figures(page, FIGURES);
  }
  return current;
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name });

test.describe('admin console', () => {
  test.setTimeout(180_000);

  test('phone: the dashboard follows a deposit approved in the Payment tab and a bet; every tab works', async ({
    page,
  }) => {
    const { url, databaseUrl } = e2eState();
    let socket: PlayerSocket | undefined;

    await logIn(page, SUPER_ADMIN.email, SUPER_ADMIN.password, /\/admin\/dashboard$/);
    await expect(tab(page, 'Dashboard')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Pending Deposits', { exact: true })).toBeVisible();
    await expect(statCard(page, 'totalUsers')).toHaveText(/^\d[\d,]*$/);
    for (const title of ['Recent Users', 'Recent Bets', 'Recent Game Results']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    const before = await figures(page, FIGURES);
    await shoot(page, 'dashboard');

    const player = await seedPlayer(databaseUrl);
    const token = await accessToken(url, player.email, player.password);
    const utr = newUtr();

    await test.step('a new player asks for a ₹1,000 deposit: users, total and pending deposits go up', async () => {
      await requestDeposit(url, token, 1000, utr);
      await refreshDashboard(page);
      const after = await figures(page, FIGURES);
      expect(after.totalUsers).toBe(before.totalUsers + 1);
      expect(after.totalDeposit).toBeCloseTo(before.totalDeposit + 1000, 2);
      expect(after.pendingDeposit).toBeCloseTo(before.pendingDeposit + 1000, 2);
      expect(after.completedDeposit).toBeCloseTo(before.completedDeposit, 2);
      const recentUsers = page.getByRole('region', { name: 'Recent Users table' });
      await expect(recentUsers.getByRole('row').nth(1)).toContainText(player.username);
      await expect(recentUsers.getByRole('row').nth(1)).toContainText(player.email);
      await shoot(page, 'dashboard-deposit-requested');
    });

    await test.step('the admin approves it in the Payment tab', async () => {
      await tab(page, 'Payment').click();
      const row = page.getByRole('region', { name: 'Deposits table' }).locator('tr', { hasText: utr });
      await expect(row).toContainText('₹1,000.00');
      await expect(row).toContainText('PENDING');
      await shoot(page, 'payment');
      await row.getByRole('button', { name: 'Approve' }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: /^Approve (deposit|withdrawal)$/ })
        .click();
      await expect(page.getByText(/Transaction updated successfully!/)).toBeVisible();
      await expect(page.getByRole('region', { name: 'Deposits table' }).locator('tr', { hasText: utr })).toHaveCount(0);
    });

    await test.step('the dashboard shows the deposit completed and the money in the wallets', async () => {
      await tab(page, 'Dashboard').click();
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      const after = await figuresWhen(page, (f) => f.completedDeposit === before.completedDeposit + 1000);
      expect(after.completedDeposit).toBeCloseTo(before.completedDeposit + 1000, 2);
      expect(after.pendingDeposit).toBeCloseTo(before.pendingDeposit, 2);
      expect(after.totalDeposit).toBeCloseTo(before.totalDeposit + 1000, 2);
      expect(after.totalWalletBalance).toBeCloseTo(before.totalWalletBalance + 1000, 2);
    });

    let periodId = '';
    await test.step('the player comes online and bets ₹10 on red: online users, bets and pending bets go up', async () => {
      socket = await connectPlayer(url, token);
      const placed = await placeBet(socket, { betType: 'color', betValue: 'red', amount: 10 });
      expect(placed.reply).toMatchObject({ success: true });
      periodId = placed.periodId;
      const after = await figuresWhen(
        page,
        (f) => f.totalBets === before.totalBets + 1 && f.totalOnlineUsers === before.totalOnlineUsers + 1,
      );
      expect(after.totalOnlineUsers).toBe(before.totalOnlineUsers + 1);
      expect(after.totalBets).toBe(before.totalBets + 1);
      expect(after.pendingBets).toBe(before.pendingBets + 1);
      expect(after.totalWalletBalance).toBeCloseTo(before.totalWalletBalance + 990, 2);
      const latestBet = page.getByRole('region', { name: 'Recent Bets table' }).getByRole('row').nth(1);
      await expect(latestBet).toContainText(player.username);
      await expect(latestBet).toContainText('₹10.00');
      await expect(latestBet).toContainText('Pending');
      await shoot(page, 'dashboard-bet-placed');
    });

    await test.step('when the round is drawn and settled the bet completes and the result is listed', async () => {
      const after = await figuresWhen(page, (f) => f.completedBets === before.completedBets + 1, 60_000);
      expect(after.completedBets).toBe(before.completedBets + 1);
      expect(after.pendingBets).toBe(before.pendingBets);
      expect(after.totalGameResults).toBeGreaterThan(before.totalGameResults);
      const results = page.getByRole('region', { name: 'Recent Game Results table' });
      await expect(results.locator('tr', { hasText: periodId })).toHaveCount(1);
      await expect(page.getByRole('region', { name: 'Recent Bets table' }).getByRole('row').nth(1)).toContainText(
        'Completed',
      );
      await shoot(page, 'dashboard-bet-settled');
    });

    await test.step('the player leaves: online users go back down', async () => {
      socket?.disconnect();
      const after = await figuresWhen(page, (f) => f.totalOnlineUsers === before.totalOnlineUsers);
      expect(after.totalOnlineUsers).toBe(before.totalOnlineUsers);
    });

    await test.step('Predict offers nothing to set (the public record of refunds and house statistics); Setting shows the admin, online, with the note; Logout is in the header', async () => {
      await tab(page, 'Predict').click();
      const predict = page.getByRole('tabpanel');
      await expect(predict).toContainText('provably-fair hash chain');
      await expect(predict.getByRole('textbox')).toHaveCount(0);
      await expect(predict.getByRole('combobox')).toHaveCount(0);
      await expect(predict.getByRole('link', { name: 'Open the public fairness page' })).toBeVisible();
      await shoot(page, 'predict');

      await tab(page, 'Setting').click();
      const setting = page.getByRole('tabpanel');
      await expect(setting.getByText(SUPER_ADMIN.email)).toBeVisible();
      await expect(setting.getByText('super-admin')).toBeVisible();
      await expect(setting.getByText('online', { exact: true })).toBeVisible();
      await expect(setting.getByText(ADMIN_TEXTS.settingNote)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
      await shoot(page, 'setting');
    });

    await test.step('the super-admin stays on /admin/dashboard', async () => {
      for (const path of ['/game', '/wallet', '/profile', '/history']) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/admin\/dashboard$/);
      }
    });
  });

  test('desktop: sidebar that collapses, every tab, logout', async ({ browser }) => {
    const { url } = e2eState();
    const context = await browser.newContext({ baseURL: url, viewport: DESKTOP });
    const page = await context.newPage();
    await logIn(page, SUPER_ADMIN.email, SUPER_ADMIN.password, /\/admin\/dashboard$/);

    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    await expect(sidebar).toBeVisible();
    // On a wide screen the tabs sit in a sidebar to the left of the content, not in a bar at the bottom.
    const navBox = (await sidebar.boundingBox())!;
    const contentBox = (await page.getByRole('tabpanel').boundingBox())!;
    expect(navBox.x + navBox.width).toBeLessThanOrEqual(contentBox.x);
    expect(navBox.y).toBeLessThan(DESKTOP.height / 2);
    await expect(statCard(page, 'totalUsers')).toHaveText(/^\d[\d,]*$/);
    await expect(page.getByRole('region', { name: 'Recent Bets table' })).toBeVisible();
    await shoot(page, 'desktop-dashboard');

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    const collapsed = (await sidebar.boundingBox())!;
    expect(collapsed.width).toBeLessThan(navBox.width);
    await shoot(page, 'desktop-dashboard-collapsed');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();

    await tab(page, 'Payment').click();
    // The payment tab's own section headings (the dashboard, still on screen for a moment, has "Deposits" and
    // "Withdrawals" stat groups and a "Deposits and withdrawals per day" chart of its own).
    // With its count of pending claims, if any: 'Deposits · 3 pending'.
    await expect(page.getByRole('heading', { level: 2, name: /^Deposits( · \d+ pending)?$/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^Withdrawals( · \d+ pending)?$/ })).toBeVisible();
    await shoot(page, 'desktop-payment');

    await tab(page, 'Predict').click();
    await expect(page.getByRole('tabpanel')).toContainText('provably-fair hash chain');
    await shoot(page, 'desktop-predict');

    await tab(page, 'Setting').click();
    await expect(page.getByRole('tabpanel').getByText(SUPER_ADMIN.email)).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText('online', { exact: true })).toBeVisible();
    await shoot(page, 'desktop-setting');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await context.close();
  });
});
