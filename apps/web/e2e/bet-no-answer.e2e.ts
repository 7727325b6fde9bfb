import { expect, test } from '@playwright/test';
import pg from 'pg';
import { game, logInToGame, waitForFreshPeriod } from './support/game-pages.js';
import { fundPlayers, seedGamePlayer } from './support/game-players.js';
import { e2eState } from './support/state.js';

const FUNDS = 500;
const HOLD_MS = 11_000;

test.describe('a bet the player was told had no answer', () => {
  test('is never placed afterwards: the server refuses it when it arrives late, and the next bet goes through', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { databaseUrl, url } = e2eState();
    const player = await seedGamePlayer(databaseUrl);
    await fundPlayers(url, [player], FUNDS);

    // The connection between this browser and the server: the bet and the client's question about it are held back
    // while `holding`, then delivered after the client's 10-s wait is over (a slow network that recovers).
    let holding = true;
    const held: Promise<void>[] = [];
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        if (holding && typeof message === 'string' && /"(place-bet|get-bet-outcomes)"/.test(message)) {
          held.push(new Promise((resolve) => setTimeout(() => resolve(server.send(message)), HOLD_MS)));
          return;
        }
        server.send(message);
      });
      server.onMessage((message) => ws.send(message));
    });

    await logInToGame(page, player.email, player.password);
    const periodId = await waitForFreshPeriod(page, 24);
    await game.card(page, 'bigSmall').click();
    const panel = game.panel(page);
    await panel.getByRole('group', { name: 'Choices' }).getByRole('button', { name: 'Big', exact: true }).click();
    await panel.getByRole('group', { name: 'Stake' }).getByRole('button', { name: 'Stake ₹10.00' }).click();
    await panel.getByRole('button', { name: 'Confirm Bet' }).click();
    await expect(page.getByText('No answer from the server. Check your current bets before trying again.')).toBeVisible(
      {
        timeout: 15_000,
      },
    );
    // The held frame now reaches the server, too late: refused, never applied.
    holding = false;
    await Promise.all(held);
    await expect(game.currentBets(page)).not.toContainText('Big');

    // The player's next bet, sent normally, is placed.
    await expect(game.periodId(page)).toHaveText(periodId);
    // The sheet stayed open (the player may try again): Small ₹50 this time.
    await expect(panel).toBeVisible();
    await panel.getByRole('group', { name: 'Choices' }).getByRole('button', { name: 'Small', exact: true }).click();
    await panel.getByRole('group', { name: 'Stake' }).getByRole('button', { name: 'Stake ₹50.00' }).click();
    await panel.getByRole('button', { name: 'Confirm Bet' }).click();
    await expect(game.card(page, 'bigSmall')).toContainText('Bet Placed');
    await expect(game.currentBets(page)).toContainText('Small');
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ bet_value: string; amount: string }>(
        'SELECT b.bet_value, b.amount FROM bets b WHERE b.user_id = $1 AND b.period_id = $2',
        [player.id, periodId],
      );
      expect(rows.map((r) => ({ value: r.bet_value, paise: Number(r.amount) }))).toEqual([
        { value: 'small', paise: 5000 },
      ]);
    } finally {
      await db.end();
    }
  });

  test('offline, the bet panel is disabled and nothing is sent; back online, betting resumes', async ({
    page,
    context,
  }) => {
    const { databaseUrl, url } = e2eState();
    const player = await seedGamePlayer(databaseUrl);
    await fundPlayers(url, [player], FUNDS);
    const sent: string[] = [];
    await page.routeWebSocket(/\/socket\.io\//, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        if (typeof message === 'string' && message.includes('"place-bet"')) sent.push(message);
        server.send(message);
      });
      server.onMessage((message) => ws.send(message));
    });
    await logInToGame(page, player.email, player.password);
    await waitForFreshPeriod(page, 15);
    await game.card(page, 'color').click();
    const panel = game.panel(page);
    await panel.getByRole('group', { name: 'Choices' }).getByRole('button', { name: 'Red', exact: true }).click();
    await panel.getByRole('group', { name: 'Stake' }).getByRole('button', { name: 'Stake ₹10.00' }).click();
    await expect(panel.getByRole('button', { name: 'Confirm Bet' })).toBeEnabled();

    await context.setOffline(true);
    await expect(panel.getByText('You are offline. Betting resumes when the connection is back.')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Confirm Bet' })).toBeDisabled();
    expect(sent).toEqual([]);

    await context.setOffline(false);
    await waitForFreshPeriod(page, 12);
    if (!(await panel.isVisible())) await game.card(page, 'color').click();
    await panel.getByRole('group', { name: 'Choices' }).getByRole('button', { name: 'Green', exact: true }).click();
    await panel.getByRole('group', { name: 'Stake' }).getByRole('button', { name: 'Stake ₹10.00' }).click();
    await expect(panel.getByRole('button', { name: 'Confirm Bet' })).toBeEnabled({ timeout: 15_000 });
    await panel.getByRole('button', { name: 'Confirm Bet' }).click();
    await expect(game.card(page, 'color')).toContainText('Bet Placed');
    expect(sent).toHaveLength(1);
  });
});
