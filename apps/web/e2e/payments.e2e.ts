import { expect, test, type Page } from '@playwright/test';
import { e2eState } from './support/state.js';
import { newUtr, seedPlayer, walletRow } from './support/payments-db.js';
import { logIn, phoneContext, shoot } from './support/payments-pages.js';

const balance = (page: Page) => page.getByTestId('wallet-balance');
const transaction = (page: Page, text: string) => page.locator('.txn').filter({ hasText: text });

test.describe('payments at phone size', () => {
  test.setTimeout(180_000);

  test('deposit by UTR → admin approves → withdrawal → admin rejects → balance restored', async ({ page, browser }) => {
    const { databaseUrl, url } = e2eState();
    const player = await seedPlayer(databaseUrl);
    const utr = newUtr();

    await test.step('the player signs in and finds an empty wallet', async () => {
      await logIn(page, player.email, player.password, /\/game$/);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click();
      await expect(page).toHaveURL(/\/wallet$/);
      await expect(balance(page)).toHaveText('₹0.00');
      await expect(page.getByTestId('wallet-bonus')).toHaveText('₹0.00');
      await expect(page.getByText('No Transactions')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Withdraw' })).toBeDisabled();
      await expect(page.getByText('You cannot withdraw because your balance is less than ₹100.')).toBeVisible();
      await page.getByRole('button', { name: 'Instructions' }).click();
      await expect(page.getByText(/Deposit: minimum ₹100, maximum ₹10,000/)).toBeVisible();
      await shoot(page, 'wallet-empty');
    });

    await test.step('the player deposits ₹500 by UPI and enters the UTR', async () => {
      await page.getByRole('button', { name: 'Deposit' }).click();
      await expect(page).toHaveURL(/\/deposit$/);
      await page.getByRole('button', { name: '₹500', exact: true }).click();
      const qr = page.getByRole('img', { name: 'UPI QR code to pay ₹500.00' });
      await expect(qr).toBeVisible();
      expect(await qr.getAttribute('data-upi-uri')).toMatch(/^upi:\/\/pay\?pa=.+&am=500\.00&cu=INR/);
      await shoot(page, 'deposit-qr');

      await page.getByRole('button', { name: 'UPI Apps' }).click();
      await expect(page.getByRole('link', { name: 'Google Pay' })).toHaveAttribute('href', /^tez:\/\/upi\/pay\?.*am=500\.00&cu=INR/);
      await shoot(page, 'deposit-apps');

      await page.getByRole('button', { name: 'I have paid, Enter UTR' }).click();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'UTR number is required.' })).toBeVisible();
      await page.getByLabel('UTR number').fill(utr);
      await shoot(page, 'deposit-utr');
      await page.getByRole('button', { name: 'Submit' }).click();

      await expect(page).toHaveURL(/\/wallet$/);
      await expect(page.getByText('Deposit request submitted.')).toBeVisible();
      const pendingDeposit = transaction(page, utr);
      await expect(pendingDeposit).toContainText('₹500.00');
      await expect(pendingDeposit).not.toContainText('+₹500.00');
      await expect(pendingDeposit).toContainText('PENDING');
      await expect(pendingDeposit).toContainText('UPI Payment');
      await expect(balance(page)).toHaveText('₹0.00');
      await shoot(page, 'wallet-deposit-pending');
    });

    const adminContext = await phoneContext(browser, url);
    const admin = await adminContext.newPage();

    await test.step('the super-admin approves the deposit in the admin panel', async () => {
      await logIn(admin, 'superadmin@gmail.com', 'admin12345', /\/admin\/dashboard$/);
      await expect(admin.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
      await shoot(admin, 'admin-dashboard');
      await admin.getByRole('tab', { name: 'Payment' }).click();
      const deposits = admin.getByRole('region', { name: 'Deposits table' });
      const row = deposits.locator('tr', { hasText: utr });
      await expect(row).toContainText(player.username);
      await expect(row).toContainText(player.email);
      await expect(row).toContainText('₹500.00');
      await expect(row).toContainText('PENDING');
      expect(await deposits.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('300px');
      await shoot(admin, 'admin-deposit-pending');

      await row.getByRole('button', { name: 'Approve' }).click();
      await admin.getByRole('alertdialog').getByRole('button', { name: /^Approve (deposit|withdrawal)$/ }).click();
      await expect(admin.getByText(/Transaction updated successfully!/)).toBeVisible();
      // The pending list reloads without it.
      await expect(admin.locator('tr', { hasText: utr })).toHaveCount(0);
      await admin.getByLabel('Status').first().selectOption('COMPLETED');
      await expect(deposits.locator('tr', { hasText: utr })).toContainText('COMPLETED');
      await expect(deposits.locator('tr', { hasText: utr }).getByRole('button', { name: 'Approve' })).toHaveCount(0);
      await shoot(admin, 'admin-deposit-approved');
    });

    await test.step('the player sees the balance and the completed deposit, live', async () => {
      await expect(balance(page)).toHaveText('₹500.00', { timeout: 15_000 });
      await expect(transaction(page, utr)).toContainText('COMPLETED');
      await expect(page.getByText('You cannot withdraw because your balance is less than ₹100.')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Withdraw' })).toBeEnabled();
      await shoot(page, 'wallet-deposit-approved');
      expect(await walletRow(databaseUrl, player.id)).toEqual({ main: 50_000, bonus: 0, isActive: true });
    });

    let withdrawalId = '';
    await test.step('the player requests a ₹500 UPI withdrawal', async () => {
      await page.getByRole('button', { name: 'Withdraw' }).click();
      await expect(page).toHaveURL(/\/withdraw$/);
      await expect(page.getByTestId('withdraw-balance')).toHaveText('₹500.00');
      await expect(page.getByRole('button', { name: '₹1,000', exact: true })).toBeDisabled();
      // A preset below the minimum cannot be picked; a typed ₹100 is refused with the minimum.
      await expect(page.getByRole('button', { name: '₹100', exact: true })).toBeDisabled();
      await page.getByLabel('Custom amount').fill('100');
      await page.getByRole('button', { name: 'PhonePe' }).click();
      await page.getByLabel('UPI ID').fill(player.username);
      await expect(page.getByTestId('final-upi-id')).toHaveText(`Money goes to ${player.username}@ybl`);
      await page.locator('form').getByRole('button', { name: 'Withdraw' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Minimum withdrawal is ₹500.' })).toBeVisible();
      await page.getByRole('button', { name: '₹500', exact: true }).click();
      await shoot(page, 'withdraw-form');
      await page.locator('form').getByRole('button', { name: 'Withdraw' }).click();

      await expect(page.getByRole('heading', { name: 'Withdrawal requested' })).toBeVisible();
      await expect(page.getByText('Processing time: 2–4 hours. You will be notified once the funds are transferred.')).toBeVisible();
      withdrawalId = (await page.locator('.withdraw-done__id strong').textContent())?.trim() ?? '';
      expect(withdrawalId).not.toBe('');
      await shoot(page, 'withdraw-success');

      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await expect(page.getByLabel('UPI ID')).toHaveValue('');
      await expect(page.getByTestId('withdraw-balance')).toHaveText('₹0.00');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click();
      const pendingWithdrawal = transaction(page, withdrawalId);
      await expect(pendingWithdrawal).toContainText('-₹500.00');
      await expect(pendingWithdrawal).toContainText('PENDING');
      await expect(balance(page)).toHaveText('₹0.00');
      expect((await walletRow(databaseUrl, player.id)).main).toBe(0);
    });

    await test.step('the super-admin rejects the withdrawal', async () => {
      const withdrawals = admin.getByRole('region', { name: 'Withdrawals table' });
      await admin.getByRole('button', { name: 'Refresh' }).nth(1).click();
      const row = withdrawals.locator('tr', { hasText: `${player.username}@ybl` });
      await expect(row).toContainText('₹500.00');
      await expect(row).toContainText('PENDING');
      await shoot(admin, 'admin-withdrawal-pending');
      await row.getByRole('button', { name: 'Reject' }).click();
      await admin.getByRole('alertdialog').getByRole('button', { name: /^Reject (deposit|withdrawal)$/ }).click();
      await expect(admin.getByText(/Transaction updated successfully!/).last()).toBeVisible();
      await expect(withdrawals.locator('tr', { hasText: `${player.username}@ybl` })).toHaveCount(0);
      await expect(admin.getByText('No withdrawals found.')).toBeVisible();
      await shoot(admin, 'admin-withdrawal-rejected');
    });

    await test.step('the player’s balance is restored, live, and the withdrawal shows as failed', async () => {
      await expect(balance(page)).toHaveText('₹500.00', { timeout: 15_000 });
      await expect(transaction(page, withdrawalId)).toContainText('FAILED');
      await shoot(page, 'wallet-withdrawal-rejected');
      expect(await walletRow(databaseUrl, player.id)).toEqual({ main: 50_000, bonus: 0, isActive: true });
    });

    await test.step('on a wide screen the admin tabs sit in a sidebar that collapses', async () => {
      await admin.setViewportSize({ width: 1280, height: 800 });
      await admin.getByLabel('Status').first().selectOption('ALL');
      await expect(admin.getByRole('region', { name: 'Deposits table' }).locator('tr', { hasText: utr })).toBeVisible();
      await shoot(admin, 'admin-desktop');
      await admin.getByRole('button', { name: 'Collapse sidebar' }).click();
      await expect(admin.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
      await shoot(admin, 'admin-desktop-collapsed');
    });

    await test.step('the Setting tab shows the admin and logs out to /login', async () => {
      await admin.setViewportSize({ width: 360, height: 640 });
      // Toasts close by themselves after 4 s; the pictures should show the tabs.
      await expect(admin.locator('.toast')).toHaveCount(0, { timeout: 6_000 });
      await admin.getByRole('tab', { name: 'Setting' }).click();
      await expect(admin.getByText('You have access to manage users, payments, and game settings.')).toBeVisible();
      await expect(admin.getByText('superadmin@gmail.com')).toBeVisible();
      await admin.getByRole('tab', { name: 'Predict' }).click();
      await expect(admin.getByText(/provably-fair hash chain/)).toBeVisible();
      await shoot(admin, 'admin-predict');
      await admin.getByRole('tab', { name: 'Setting' }).click();
      await shoot(admin, 'admin-setting');
      await admin.getByRole('button', { name: 'Logout' }).click();
      await expect(admin).toHaveURL(/\/login$/);
    });

    await adminContext.close();
  });
});
