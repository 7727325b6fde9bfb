import { expect, test, type Page } from '@playwright/test';
import { docShot, expectAccessible, expectNoSidewaysScroll } from './support/experience.js';
import { fundPlayers } from './support/game-players.js';
import { newUtr, seedPlayer, walletRow } from './support/payments-db.js';
import { logIn, shoot } from './support/payments-pages.js';
import { e2eState } from './support/state.js';

/** An India date and time as the product writes it: '30 Nov 2026, 09:12 IST'. */
const IST = String.raw`\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '30 Nov 2026, 09:12 IST' → the instant. */
function istMs(text: string): number {
  const [, day, month, year, hh, mm] = /^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4}), (\d{2}):(\d{2}) IST$/.exec(text)!;
  return Date.UTC(Number(year), MONTHS.indexOf(month!), Number(day), Number(hh), Number(mm)) - 330 * 60_000;
}

/** The Play safely screens a player can reach, at 360 px: nothing scrolls sideways, nothing serious for axe. */
async function expectPhoneReady(page: Page, screen: string): Promise<void> {
  await expectNoSidewaysScroll(page, screen);
  await expectAccessible(page, screen);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Gmail address', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

test.describe('play safely at phone size', () => {
  test.setTimeout(180_000);

  test('a deposit limit refuses a deposit past it, a raised limit waits 24 hours, and a break logs out and leaves only the withdrawal', async ({
    page,
  }) => {
    const { databaseUrl, url } = e2eState();
    const player = await seedPlayer(databaseUrl, undefined, { limitsOffered: false });
    // ₹300 deposited and approved a moment ago: it counts against a 24-hour deposit limit.
    await fundPlayers(url, [player], 300);
    const deposits = page.getByRole('group', { name: 'Deposit limits' });
    const perDay = deposits.getByRole('textbox', { name: /Per 24 hours/ });
    let resetsAt = '';
    let breakEnds = '';

    await test.step('the player signs in; the limits step shows once, and "Not now" closes it', async () => {
      await logIn(page, player.email, player.password, /\/game$/);
      const offer = page.getByRole('dialog', { name: 'Set your limits' });
      await expect(offer).toBeVisible();
      await expectNoSidewaysScroll(page, 'limits step');
      await docShot(page, 'play-safely-offer');
      await offer.getByRole('button', { name: 'Not now' }).click();
      await expect(offer).toHaveCount(0);
    });

    await test.step('opens Play safely from the profile: every tool explained, with a link to its screen', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await page.getByRole('link', { name: 'Play safely: limits and reality checks' }).click();
      await expect(page).toHaveURL(/\/play-safely$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Play safely' })).toBeVisible();
      const tools = page.getByRole('region', { name: 'Your tools' });
      for (const tool of [
        'Deposit limits',
        'Loss limits',
        'Session time limit',
        'Reality checks',
        'Breaks',
        'Self-exclusion',
        'Statements',
        'Disputes',
        'Identity checks',
      ]) {
        await expect(tools.locator('dt', { hasText: new RegExp(`^${tool}$`) })).toBeVisible();
      }
      await expect(tools.getByRole('link', { name: 'Take a break', exact: true })).toHaveAttribute(
        'href',
        '/play-safely/break',
      );
      await expect(tools.getByRole('link', { name: 'Your statement', exact: true })).toHaveAttribute(
        'href',
        '/wallet/statement',
      );
      await expect(tools.getByRole('link', { name: 'My disputes', exact: true })).toHaveAttribute('href', '/disputes');
      await expect(tools.getByRole('link', { name: 'Your identity', exact: true })).toHaveAttribute(
        'href',
        '/identity',
      );
      await expect(perDay).toHaveValue('');
      await expectPhoneReady(page, 'Play safely');
      await docShot(page, 'play-safely');
      await shoot(page, 'play-safely');
    });

    await test.step('sets a ₹500 24-hour deposit limit: it applies at once and says what it leaves until when', async () => {
      await perDay.fill('500');
      await page.getByRole('button', { name: 'Save limits' }).click();
      const left = deposits.getByText(new RegExp(`^₹200\\.00 left until (${IST})\\.$`));
      await expect(left).toBeVisible();
      resetsAt = /until (.+)\.$/.exec((await left.textContent()) ?? '')![1]!;
      await expect(perDay).toHaveValue('500');
      await shoot(page, 'play-safely-limit-set');
    });

    await test.step('a ₹500 deposit is refused with the limit and the time it resets', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wallet' }).click();
      await page.getByRole('button', { name: 'Deposit' }).click();
      await expect(page).toHaveURL(/\/deposit$/);
      await page.getByRole('button', { name: '₹500', exact: true }).click();
      await page.getByRole('button', { name: 'I have paid, Enter UTR' }).click();
      await page.getByLabel('UTR number').fill(newUtr());
      await page.getByLabel('Paid from').fill(`${player.username}@okaxis`);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'deposit limit' })).toHaveText(
        `Your 24-hour deposit limit of ₹500 leaves ₹200 until ${resetsAt}.`,
      );
      await expect(page).toHaveURL(/\/deposit$/);
      await docShot(page, 'play-safely-deposit-refused');
      expect(await walletRow(databaseUrl, player.id)).toEqual({ main: 30_000, bonus: 0, isActive: true });
    });

    await test.step('raising the limit to ₹1,000 waits 24 hours: shown pending with its time, the ₹500 still in force', async () => {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
      await page.getByRole('link', { name: 'Play safely: limits and reality checks' }).click();
      await expect(perDay).toHaveValue('500');
      await perDay.fill('1000');
      await page.getByRole('button', { name: 'Save limits' }).click();
      const pending = page.getByTestId('pending-deposit24h');
      await expect(pending).toContainText(new RegExp(`^Changes to ₹1,000 on ${IST}\\.`));
      await expect(pending.getByRole('button', { name: /Cancel change/ })).toBeVisible();
      await expect(perDay).toHaveValue('500');
      await expect(deposits.getByText(`₹200.00 left until ${resetsAt}.`)).toBeVisible();
      await pending.scrollIntoViewIfNeeded();
      await docShot(page, 'play-safely-limit-pending');
    });

    await test.step('takes a 24-hour break: the dialog shows the end date, and confirming logs the player out', async () => {
      await page.getByRole('link', { name: 'Take a break or exclude yourself', exact: true }).click();
      await expect(page).toHaveURL(/\/play-safely\/break$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Take a break or exclude yourself' })).toBeVisible();
      await expectPhoneReady(page, 'Take a break');
      await docShot(page, 'play-safely-break');
      await page.getByRole('radio', { name: '24 hours' }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Take a break of 24 hours?' });
      const ends = dialog.getByText(new RegExp(`^Your break ends on ${IST}\\.$`));
      await expect(ends).toBeVisible();
      breakEnds = /ends on (.+)\.$/.exec((await ends.textContent()) ?? '')![1]!;
      await expect(dialog).toContainText('You will be logged out at once, and this cannot be shortened or undone.');
      await expectPhoneReady(page, 'Take a break: confirm');
      await docShot(page, 'play-safely-break-confirm');
      await dialog.getByRole('button', { name: 'Confirm and log out' }).click();

      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('status').filter({ hasText: 'Your break has started.' })).toHaveText(
        new RegExp(`^Your break has started\\. It ends on ${IST}\\.$`),
      );
      expect(await page.evaluate(() => sessionStorage.getItem('accessToken'))).toBeNull();
      await docShot(page, 'play-safely-break-started');
      // The session is over on the server too: a protected screen sends the player back to /login.
      await page.goto('/wallet');
      await expect(page).toHaveURL(/\/login$/);
    });

    await test.step('signing in is refused with the end date and the support contact, and a link to withdraw', async () => {
      await signIn(page, player.email, player.password);
      const refusal = page.getByRole('alert').filter({ hasText: 'You are taking a break' });
      await expect(refusal).toContainText(
        new RegExp(`^You are taking a break until ${IST}\\. For help, write to support@winround\\.app\\.`),
      );
      // The server's end (rounded up to the minute) is the one the dialog showed, give or take the minute it was asked in.
      const until = /until (.+?)\. For help/.exec((await refusal.textContent()) ?? '')![1]!;
      expect(Math.abs(istMs(until) - istMs(breakEnds))).toBeLessThanOrEqual(60_000);
      expect(istMs(until) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
      await expect(page).toHaveURL(/\/login$/);
      await docShot(page, 'play-safely-sign-in-refused');
      await refusal.getByRole('link', { name: 'Withdraw your balance' }).click();
    });

    await test.step('the refusal’s link withdraws the whole main balance (below the ₹500 minimum, allowed while away)', async () => {
      await expect(page).toHaveURL(/\/play-safely\/withdraw$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Withdraw your balance' })).toBeVisible();
      await expect(page.getByTestId('away-balance')).toHaveText('₹300.00');
      const form = page.getByRole('form', { name: 'Withdraw your balance' });
      await expect(form.getByLabel('Amount (₹)')).toHaveValue('300');
      await form.getByLabel('UPI ID').fill(`${player.username}@okaxis`);
      await expectPhoneReady(page, 'Withdraw while away');
      await docShot(page, 'play-safely-away-withdraw');
      await form.getByRole('button', { name: 'Request withdrawal' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Withdrawal requested' })).toHaveText(
        /^Withdrawal requested \(WDR\w+\)\. Processing time: 2–4 hours\.$/,
      );
      await expect(page.getByTestId('away-balance')).toHaveText('₹0.00');
      await shoot(page, 'play-safely-away-withdrawn');
      expect(await walletRow(databaseUrl, player.id)).toEqual({ main: 0, bonus: 0, isActive: true });
    });
  });
});
