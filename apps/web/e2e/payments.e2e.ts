import { ADMIN_TEXTS } from '@app/domain';
import { expect, test, type Page } from '@playwright/test';
import { e2eState } from './support/state.js';
import { newUtr, seedPlayer, walletRow } from './support/payments-db.js';
import { logIn, phoneContext, shoot } from './support/payments-pages.js';
import { accessToken, requestDeposit } from './support/admin-live.js';

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
      await expect(page.getByText('You cannot withdraw because your balance is less than ₹500.')).toBeVisible();
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
      await expect(page.getByRole('link', { name: 'Google Pay' })).toHaveAttribute(
        'href',
        /^tez:\/\/upi\/pay\?.*am=500\.00&cu=INR/,
      );
      await shoot(page, 'deposit-apps');

      await page.getByRole('button', { name: 'I have paid, Enter UTR' }).click();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'UTR number is required.' })).toBeVisible();
      await page.getByLabel('UTR number').fill(utr);
      // Who paid: required, a UPI ID or the account holder's name; the screen says who a deposit is credited to.
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Please enter the UPI ID you paid from' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Who gets the deposit' })).toContainText(
        'A deposit is credited to the player who made the payment.',
      );
      await page.getByLabel('Paid from').fill(`${player.username}@okaxis`);
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
      await expect(row).toContainText(`${player.username}@okaxis`.toLowerCase());
      // The deposits flow with the page on every screen (no box of their own), and the tab counts them.
      expect(await deposits.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('none');
      await expect(admin.getByRole('heading', { level: 2, name: /^Deposits · \d+ pending$/ })).toBeVisible();
      await shoot(admin, 'admin-deposit-pending');

      await row.getByRole('button', { name: 'Approve' }).click();
      await admin
        .getByRole('alertdialog')
        .getByRole('button', { name: /^Approve (deposit|withdrawal)$/ })
        .click();
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
      await expect(page.getByText('You cannot withdraw because your balance is less than ₹500.')).toHaveCount(0);
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
      // No chip below the minimum, and the greyed ones say why; a typed ₹100 is refused with the minimum.
      await expect(page.getByRole('button', { name: '₹100', exact: true })).toHaveCount(0);
      await expect(
        page.getByText('Withdrawals start at ₹500 and cannot be more than your withdrawable balance (₹500).'),
      ).toBeVisible();
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
      await expect(
        page.getByText('Processing time: 2–4 hours. You will be notified once the funds are transferred.'),
      ).toBeVisible();
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
      await admin.getByRole('alertdialog').getByLabel('Reason (shown to the player)').fill('UPI id could not be paid');
      await admin
        .getByRole('alertdialog')
        .getByRole('button', { name: /^Reject (deposit|withdrawal)$/ })
        .click();
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
      await expect(admin.getByText(ADMIN_TEXTS.settingNote)).toBeVisible();
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
  test('a UTR someone else claimed first: the payer is told and recorded, the reviewer sees both and credits the payer', async ({
    page,
    browser,
  }) => {
    const { databaseUrl, url } = e2eState();
    const [thief, payer] = [await seedPlayer(databaseUrl), await seedPlayer(databaseUrl)];
    const utr = newUtr();
    const payerUpiId = `${payer.username}@okaxis`;
    // The thief saw the payer's UTR and claimed it first, from an app that sends no payer.
    await requestDeposit(url, await accessToken(url, thief.email, thief.password), 500, utr);

    const claimAsPayer = async () => {
      await page.goto('/deposit');
      // Opening the page again in the same tab brings back the claim in progress (a reload keeps the draft, as after
      // the round trip to a UPI app): start again from the amount.
      const fivehundred = page.getByRole('button', { name: '₹500', exact: true });
      const back = page.getByRole('button', { name: 'Back', exact: true });
      await expect(fivehundred.or(back)).toBeVisible();
      if (await back.isVisible()) await back.click();
      await fivehundred.click();
      await page.getByRole('button', { name: 'I have paid, Enter UTR' }).click();
      await page.getByLabel('UTR number').fill(utr);
      await page.getByLabel('Paid from').fill(payerUpiId);
      await page.getByRole('button', { name: 'Submit' }).click();
    };

    await test.step('the payer claims the UTR: refused, told what happens next', async () => {
      await logIn(page, payer.email, payer.password, /\/game$/);
      await claimAsPayer();
      await expect(page.getByRole('alert')).toContainText(
        'Another player has already claimed this UTR number and it is waiting for review. We have recorded your claim too',
      );
      await expect(page).toHaveURL(/\/deposit$/);
      await shoot(page, 'deposit-contested');
    });

    const adminContext = await phoneContext(browser, url);
    const admin = await adminContext.newPage();
    await test.step('the reviewer sees the UTR flagged and every claim of it, checks the bank statement, and rejects the thief', async () => {
      await logIn(admin, 'superadmin@gmail.com', 'admin12345', /\/admin\/dashboard$/);
      await admin.getByRole('tab', { name: 'Payment' }).click();
      const row = admin.getByRole('region', { name: 'Deposits table' }).locator('tr', { hasText: utr });
      await expect(row).toContainText(thief.username);
      await expect(row).toContainText('⚠ UTR claimed by 2 players');
      await expect(row).toContainText('Not given (older app)');
      // The receiving account's statement, exported by the bank: read in the browser, each pending claim marked.
      const statement = `Date,UTR,Payer,Amount\n${new Date().toISOString().slice(0, 10)} 10:12,${utr},REAL PAYER / ${payerUpiId},500.00\n`;
      await admin
        .getByLabel('Import bank statement')
        .setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
      await expect(admin.getByText(/Statement "statement\.csv": 1 credit\./)).toBeVisible();
      await expect(row).toContainText('✗ Does not match the statement');
      await shoot(admin, 'admin-deposit-statement');
      await row.getByRole('button', { name: 'Reject' }).click();
      const dialog = admin.getByRole('alertdialog');
      const claims = dialog.getByRole('region', { name: 'Every claim of this UTR' }).getByRole('listitem');
      await expect(claims).toHaveCount(2);
      await expect(claims.nth(0)).toContainText(thief.username);
      await expect(claims.nth(1)).toContainText(payer.username);
      await expect(claims.nth(1)).toContainText(payerUpiId);
      await expect(claims.nth(1)).toContainText('REFUSED');
      await shoot(admin, 'admin-deposit-contested');
      await dialog.getByLabel('Reason (shown to the player)').fill('Payer does not match the bank statement');
      await dialog.getByRole('button', { name: 'Reject deposit' }).click();
      await expect(admin.getByText(/Transaction updated successfully!/)).toBeVisible();
    });

    await test.step('the released UTR is the payer’s: claimed again, approved, credited', async () => {
      await claimAsPayer();
      await expect(page).toHaveURL(/\/wallet$/);
      await admin.getByRole('button', { name: 'Refresh' }).first().click();
      const row = admin.getByRole('region', { name: 'Deposits table' }).locator('tr', { hasText: utr });
      await expect(row).toContainText(payer.username);
      await expect(row).toContainText(payerUpiId);
      await expect(row).toContainText('✓ Matches the statement');
      await row.getByRole('button', { name: 'Approve' }).click();
      await admin.getByRole('alertdialog').getByRole('button', { name: 'Approve deposit' }).click();
      await expect(balance(page)).toHaveText('₹500.00', { timeout: 15_000 });
      expect(await walletRow(databaseUrl, payer.id)).toEqual({ main: 50_000, bonus: 0, isActive: true });
      expect(await walletRow(databaseUrl, thief.id)).toEqual({ main: 0, bonus: 0, isActive: false });
    });
    await adminContext.close();
  });
});
