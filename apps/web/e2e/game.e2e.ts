import { expect, test, type Page } from '@playwright/test';
import {
  formatRupees,
  paiseToRupees,
  resultFromDigit,
  rupeesToPaise,
  settleBet,
  type GameKey,
} from '../../../libs/domain/src/index.js';
import { game, logInToGame, PHONE, placeBet, secondsLeft, shoot, waitForFreshPeriod } from './support/game-pages.js';
import { fundPlayers, seedGamePlayer } from './support/game-players.js';
import { e2eState } from './support/state.js';

interface PlacedBet {
  betType: GameKey;
  betValue: string;
  stake: number;
}

const FUNDS = 1_000;

/** What a player's stakeable balance must be after the draw: funds − stakes + net winnings. */
function balanceAfter(bets: PlacedBet[], digit: number): { balance: number; anyWin: boolean } {
  const result = resultFromDigit(digit);
  let paise = rupeesToPaise(FUNDS);
  let anyWin = false;
  for (const bet of bets) {
    const stakePaise = rupeesToPaise(bet.stake);
    const settled = settleBet({ betType: bet.betType, betValue: bet.betValue, amount: stakePaise }, result);
    paise += settled.net - stakePaise;
    anyWin ||= settled.isWin;
  }
  return { balance: paiseToRupees(paise), anyWin };
}

/** The digit the results table shows for a period (newest first). */
async function drawnDigit(page: Page, periodId: string): Promise<number> {
  const row = page.getByRole('region', { name: 'Results and trends' }).getByRole('row').filter({ hasText: periodId });
  await expect(row).toHaveCount(1, { timeout: 45_000 });
  return Number((await row.getByRole('cell').last().textContent())!.trim());
}

test.describe('two players in the same round, at phone size', () => {
  test.setTimeout(240_000);

  test('both bet, watch the countdown and the lock, get their results and the right balances', async ({
    page,
    browser,
  }) => {
    const { databaseUrl, url } = e2eState();
    const [asha, ravi] = [await seedGamePlayer(databaseUrl), await seedGamePlayer(databaseUrl)];
    await fundPlayers(url, [asha!, ravi!], FUNDS);

    const raviContext = await browser.newContext({ ...PHONE, baseURL: url });
    const second = await raviContext.newPage();
    const players = [
      { name: 'asha', page, bets: [{ betType: 'color', betValue: 'red', stake: 100 }] as PlacedBet[] },
      {
        name: 'ravi',
        page: second,
        bets: [
          { betType: 'bigSmall', betValue: 'big', stake: 50 },
          { betType: 'number', betValue: '7', stake: 10 },
        ] as PlacedBet[],
      },
    ];

    await test.step('both sign in and see the live game with their balance', async () => {
      await logInToGame(page, asha!.email, asha!.password);
      await logInToGame(second, ravi!.email, ravi!.password);
      for (const { page: p } of players) await expect(game.balance(p)).toHaveText(formatRupees(FUNDS));
      await shoot(page, 'live');
    });

    let periodId = '';
    await test.step('in one fresh period both place their bets', async () => {
      periodId = await waitForFreshPeriod(page, 20);
      await expect(game.periodId(second)).toHaveText(periodId);
      await placeBet(page, 'color', 'Red', 100, 'panel-color');
      await placeBet(second, 'bigSmall', 'Big', 50);
      await placeBet(second, 'number', '7', 10, 'panel-number');
      await expect(game.periodId(page)).toHaveText(periodId);
      await expect(game.periodId(second)).toHaveText(periodId);

      await expect(game.totalBet(page)).toHaveText(formatRupees(100));
      await expect(game.totalBet(second)).toHaveText(formatRupees(60));
      await expect(game.balance(page)).toHaveText(formatRupees(900));
      await expect(game.balance(second)).toHaveText(formatRupees(940));
      await expect(game.currentBets(page)).toContainText('Color Clash');
      await expect(game.currentBets(page)).toContainText(formatRupees(200)); // potential win 100 × 2
      await expect(game.currentBets(second)).toContainText(formatRupees(90)); // 10 × 9
      await shoot(second, 'bets-placed');
    });

    await test.step('the countdown runs down on both screens', async () => {
      const before = await secondsLeft(page);
      await expect.poll(() => secondsLeft(page), { timeout: 5_000 }).toBeLessThan(before);
      const difference = Math.abs((await secondsLeft(page)) - (await secondsLeft(second)));
      expect(difference).toBeLessThanOrEqual(1);
      await expect(game.headerClock(page)).toHaveAccessibleName(/\d+ seconds left/);
    });

    await test.step('at 5 seconds betting locks and both see the next-round overlay', async () => {
      await expect(game.overlay(page)).toBeVisible({ timeout: 30_000 });
      await expect(game.overlay(second)).toBeVisible({ timeout: 2_000 });
      expect(await secondsLeft(page)).toBeLessThanOrEqual(5);
      await expect(game.overlay(page)).toContainText('Next round starts soon!');
      await expect(game.card(page, 'bigSmall')).toContainText('Locked');
      await expect(game.card(page, 'bigSmall')).toBeDisabled();
      await expect(game.card(page, 'color')).toContainText('Bet Placed');
      await shoot(page, 'overlay');
    });

    await test.step('after the draw each gets a result popup and the balance the draw decides', async () => {
      const digit = await drawnDigit(page, periodId);
      expect(await drawnDigit(second, periodId)).toBe(digit);
      // Both popups are read side by side: each closes itself 3 s after it opens (its first second is the web app's
      // GameScreen test), so the second player's must not wait for the first's checks.
      await Promise.all(
        players.map(async ({ page: p, bets, name }) => {
          const expected = balanceAfter(bets, digit);
          const popup = game.popup(p);
          await expect(popup).toBeVisible({ timeout: 30_000 });
          await expect(popup.getByRole('heading')).toHaveText(
            expected.anyWin ? 'Congratulations' : 'Better Luck Next Time',
          );
          await expect(popup.getByRole('listitem')).toHaveCount(bets.length);
          await expect(popup).toContainText(/Auto closing in [1-3] seconds?\.\.\./);
          await shoot(p, `result-${name}`);
          await expect(game.balance(p)).toHaveText(formatRupees(expected.balance), { timeout: 10_000 });
        }),
      );
      // The overlay went with the period; the popup closes by itself and the bets list clears.
      await expect(game.overlay(page)).toHaveCount(0);
      await expect(game.popup(page)).toHaveCount(0, { timeout: 8_000 });
      await expect(game.currentBets(page)).toContainText('No bets in this period yet.', { timeout: 8_000 });
      await expect(game.totalBet(page)).toHaveText(formatRupees(0));
      await shoot(page, 'after-round', true);
    });

    await test.step('the history shows the settled bets, and the period verifies on the fairness page', async () => {
      await second.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'History' }).click();
      const cards = second.getByTestId('bet-card').filter({ hasText: periodId });
      await expect(cards).toHaveCount(2);
      await expect(cards.first()).toContainText('COMPLETED');
      await expect(cards.first()).toContainText(/WIN|LOSS/);
      await shoot(second, 'history', true);

      await page.goto('/fairness');
      const row = page
        .getByRole('list', { name: 'Recent periods' })
        .getByRole('button', { name: new RegExp(`^${periodId}`) });
      // Verified; with a warning here, as this stack's beacon is a local one and its chain was not announced a day ahead.
      await expect(row).toContainText(/✔|⚠ verified/);
      await expect(row).not.toContainText('✘');
      await row.click();
      const checks = page.getByRole('list', { name: `Checks of period ${periodId}` }).getByRole('listitem');
      await expect(checks).toHaveCount(5);
      // ✔ each, or ⚠ where a flag is due (this stack's beacon is a local test beacon, not drand's network).
      for (const check of await checks.all()) await expect(check).toContainText(/^[✔⚠]/);
      await shoot(page, 'fairness', true);
    });

    await raviContext.close();
  });
});
