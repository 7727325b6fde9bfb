import { expect, type Page } from '@playwright/test';
import { join } from 'node:path';
import { formatRupees } from '../../../../libs/domain/src/index.js';
import { SCREENSHOTS } from './state.js';

/** The phone the suite is designed for (the Playwright project's settings), for the second player's browser. */
export const PHONE = {
  viewport: { width: 360, height: 640 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
} as const;

/** The game screen's pieces a player looks at. */
export const game = {
  periodId: (page: Page) => page.getByTestId('period-id'),
  balance: (page: Page) => page.getByTestId('game-balance'),
  totalBet: (page: Page) => page.getByTestId('total-bet'),
  card: (page: Page, key: 'color' | 'bigSmall' | 'number') => page.getByTestId(`game-card-${key}`),
  panel: (page: Page) => page.getByTestId('bet-panel'),
  overlay: (page: Page) => page.getByRole('dialog', { name: 'Betting closed. Your result is coming.' }),
  popup: (page: Page) => page.getByRole('dialog', { name: /^(Congratulations|Better Luck Next Time)$/ }),
  currentBets: (page: Page) => page.getByRole('region', { name: 'Current bets' }),
  headerClock: (page: Page) => page.getByRole('banner').getByRole('timer'),
};

/** Seconds left as the header's countdown says them (30 shows a spinner instead). */
export async function secondsLeft(page: Page): Promise<number> {
  const clock = page.getByRole('region', { name: 'Current period' }).getByRole('timer');
  const label = (await clock.getAttribute('aria-label')) ?? '';
  const seconds = /(\d+) seconds/.exec(label)?.[1];
  if (seconds === undefined) throw new Error(`no countdown in "${label}"`);
  return Number(seconds);
}

/** Signs in through /login and waits until the game screen is live. */
export async function logInToGame(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Gmail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/game$/);
  await expect(page.getByRole('region', { name: 'Current period' })).toBeVisible({ timeout: 20_000 });
}

/** Waits until a period has at least `seconds` left, letting a period run out if needed. */
export async function waitForFreshPeriod(page: Page, seconds: number): Promise<string> {
  await expect(game.periodId(page)).toHaveText(/^\d{12,}$/, { timeout: 20_000 });
  if ((await secondsLeft(page)) < seconds) {
    const current = await game.periodId(page).textContent();
    await expect(game.periodId(page)).not.toHaveText(current!, { timeout: 40_000 });
  }
  return (await game.periodId(page).textContent())!;
}

/** Opens a game's bet panel, picks the choice and the stake, and confirms. */
export async function placeBet(
  page: Page,
  key: 'color' | 'bigSmall' | 'number',
  choice: string,
  stake: number,
  shot?: string,
): Promise<void> {
  await game.card(page, key).click();
  const panel = game.panel(page);
  await expect(panel).toBeVisible();
  await panel.getByRole('group', { name: 'Choices' }).getByRole('button', { name: choice, exact: true }).click();
  await panel
    .getByRole('group', { name: 'Stake' })
    .getByRole('button', { name: `Stake ${formatRupees(stake)}` })
    .click();
  if (shot) await shoot(page, shot);
  await panel.getByRole('button', { name: 'Confirm Bet' }).click();
  await expect(game.card(page, key)).toContainText('Bet Placed');
}

/** A screenshot of what the player sees, under artifacts/screenshots/game-{name}.png. */
export async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `game-${name}.png`), fullPage });
}
