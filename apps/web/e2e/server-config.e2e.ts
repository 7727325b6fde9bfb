import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  choiceOdds,
  formatPaise,
  formatRupees,
  gstRateToBps,
  LOGIN_MESSAGES,
  rupeesToPaise,
  termsTexts,
  uniformPayouts,
  winBreakdown,
  type PayoutTable,
} from '../../../libs/domain/src/index.js';
import { DEV_API_KEY } from '../../../libs/contracts/src/envelope.js';
import { deleteRedisPrefix } from '../../../libs/redis/src/testing/index.js';
import { startMailCatcher } from '../../../libs/mail/src/testing/index.js';
import { freePort, startStack } from '../../../scripts/stack.mjs';
import { game, PHONE, secondsLeft } from './support/game-pages.js';
import { fundPlayers, seedGamePlayer } from './support/game-players.js';

/**
 * The client runs on the server's configuration: a second stack started with non-default rules, and every screen
 * that shows or checks one of them agrees with what that server says, to the paisa.
 */
const SERVER = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const API_KEY = process.env.VITE_API_KEY || DEV_API_KEY;
const RULES_ENV = {
  LOCK_SECONDS: '8',
  PAYOUTS: 'number=8',
  GST_RATE: '0.2',
  ALLOWED_EMAIL_DOMAINS: 'gmail.com,example.com',
};
const PAYOUTS: PayoutTable = uniformPayouts({ color: 2, bigSmall: 2, number: 8 });
const GST_BPS = gstRateToBps(0.2);
const percent = (x: number) => `${Math.round(x * 1000) / 10}%`;

interface Stack {
  url: string;
  databaseUrl: string;
  stop: () => Promise<void>;
}

async function startConfiguredStack(): Promise<Stack> {
  const database = `wr_e2e_cfg_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const mail = await startMailCatcher();
  const redisPrefix = `wre2ecfg:${randomBytes(3).toString('hex')}:`;
  const port = await freePort();
  const stack = await startStack({
    log: () => {},
    build: false,
    stdio: process.env.E2E_SERVER_LOGS ? 'inherit' : 'ignore',
    env: {
      PORT: String(port),
      DATABASE_URL: `${SERVER}/${database}`,
      REDIS_URL: REDIS,
      REDIS_PREFIX: redisPrefix,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      ADMIN_EMAIL: 'superadmin@gmail.com',
      ADMIN_PASSWORD: 'admin12345',
      LOG_LEVEL: 'warn',
      ...RULES_ENV,
    },
  });
  return {
    url: stack.url,
    databaseUrl: `${SERVER}/${database}`,
    stop: async () => {
      await stack.stop();
      await mail.stop();
      const cleanup = new pg.Client({ connectionString: `${SERVER}/postgres` });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await cleanup.end();
      await deleteRedisPrefix(redisPrefix, REDIS);
    },
  };
}

let stack: Stack;

test.describe('screens follow the server configuration (LOCK_SECONDS=8, PAYOUTS=number=8, GST_RATE=0.2, two e-mail domains)', () => {
  test.setTimeout(180_000);

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startConfiguredStack();
  });
  test.afterAll(async () => {
    await stack?.stop();
  });

  test.use({ baseURL: undefined });

  const open = async (page: Page, path: string) => page.goto(`${stack.url}${path}`);

  test('GET /app-config names the configured rules', async () => {
    const response = await fetch(`${stack.url}/api/v1/app-config`, { headers: { 'x-api-key': API_KEY } });
    const { data } = (await response.json()) as { data: Record<string, unknown> };
    expect(data).toMatchObject({
      roundSeconds: 30,
      lockSeconds: 8,
      payouts: PAYOUTS,
      gstRate: 0.2,
      gstBps: 2000,
      allowedEmailDomains: ['gmail.com', 'example.com'],
    });
  });

  test('landing: the how-to-play texts and the odds table use the lock, payouts and GST of the server', async ({
    page,
  }) => {
    await open(page, '/');
    await expect(page.getByText('confirm before the last 8 seconds of the round.')).toBeVisible();
    await expect(page.getByText('less 20% GST on the amount won above your stake.')).toBeVisible();
    const digitRow = page
      .getByRole('table', { name: 'Chance and return per choice' })
      .getByRole('row', { name: /any one digit/ });
    const odds = choiceOdds('number', '0', { payouts: PAYOUTS, gstBps: GST_BPS });
    await expect(digitRow.getByRole('cell')).toHaveText(['10%', 'x8', percent(odds.rtpNet)]);
    expect(percent(odds.rtpNet)).toBe('66%');
    await expect(page.getByText('after 20% GST on winnings')).toBeVisible();
  });

  test('fairness: the odds/RTP table and the lock text', async ({ page }) => {
    await open(page, '/fairness');
    await expect(page.getByText(/Bets close 8 seconds before the end/)).toBeVisible();
    const odds = choiceOdds('number', '0', { payouts: PAYOUTS, gstBps: GST_BPS });
    const row = page.locator('table.fair-odds').getByRole('row', { name: /Each digit 0–9/ });
    await expect(row.getByRole('cell')).toHaveText(['10%', 'x8', percent(odds.rtpGross), percent(odds.rtpNet)]);
    const red = choiceOdds('color', 'red', { payouts: PAYOUTS, gstBps: GST_BPS });
    await expect(
      page.locator('table.fair-odds').getByRole('row').filter({ hasText: /^Red/ }).getByRole('cell').last(),
    ).toHaveText(percent(red.rtpNet));
  });

  test('terms: the GST rate of the server', async ({ page }) => {
    await open(page, '/terms-and-conditions');
    const items = page.locator('ol.terms__list > li');
    await expect(items).toHaveText([...termsTexts({ roundSeconds: 30, gstBps: GST_BPS })]);
    await expect(items.nth(3)).toHaveText('20% GST on winnings, with net payouts.');
  });

  test('log in and register accept the configured domains only', async ({ page }) => {
    await open(page, '/login');
    const email = page.getByLabel('Gmail address');
    await email.fill('asha@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await expect(page.getByText(LOGIN_MESSAGES.emailInvalid)).toHaveCount(0);
    await email.fill('asha@yahoo.com');
    await expect(page.getByText(LOGIN_MESSAGES.emailInvalid)).toBeVisible();

    await open(page, '/register');
    await page.getByLabel('Username').fill('ashaconfig');
    await page.getByLabel('Gmail address').fill('asha@yahoo.com');
    await page.getByLabel('Password', { exact: true }).fill('Secret!2345');
    await page.getByLabel('Confirm password').fill('Secret!2345');
    await page.getByLabel('Date of birth', { exact: true }).fill('2000-05-31');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText(LOGIN_MESSAGES.emailInvalid)).toBeVisible();
    await page.getByLabel('Gmail address').fill('asha@example.com');
    await expect(page.getByText(LOGIN_MESSAGES.emailInvalid)).toHaveCount(0);
  });

  test('game: the potential win on the bet sheet and the lock at 8 seconds', async ({ browser }) => {
    const player = await seedGamePlayer(stack.databaseUrl);
    await fundPlayers(stack.url, [player], 1_000);
    const context = await browser.newContext({ ...PHONE });
    const page = await context.newPage();
    try {
      await page.goto(`${stack.url}/login`);
      await page.getByLabel('Gmail address').fill(player.email);
      await page.getByLabel('Password', { exact: true }).fill(player.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page).toHaveURL(/\/game$/);
      await expect(page.getByRole('region', { name: 'Current period' })).toBeVisible({ timeout: 20_000 });
      await expect(game.periodId(page)).toHaveText(/^\d{12,}$/, { timeout: 20_000 });

      // Wait for a period with time to open the sheet before the lock.
      await expect.poll(() => secondsLeft(page), { timeout: 40_000, intervals: [250] }).toBeGreaterThan(14);
      await game.card(page, 'number').click();
      const panel = game.panel(page);
      await expect(panel).toBeVisible();
      await panel.getByRole('group', { name: 'Choices' }).getByRole('button', { name: '7', exact: true }).click();
      for (const stake of [10, 1000]) {
        await panel
          .getByRole('group', { name: 'Stake' })
          .getByRole('button', { name: `Stake ${formatRupees(stake)}` })
          .click();
        const win = winBreakdown(rupeesToPaise(stake), 'number', '7', { payouts: PAYOUTS, gstBps: GST_BPS });
        expect(win.gross).toBe(rupeesToPaise(stake * 8));
        // The sheet shows what is credited, net of the server's GST, and the gross it comes from.
        await expect(panel.locator('.bet-sheet__summary strong')).toHaveText(formatPaise(win.net));
        await expect(panel.locator('.bet-sheet__summary')).toContainText(
          `${formatPaise(win.gross)} less ${formatPaise(win.gst)} GST`,
        );
      }
      // What the server credits for that win, net of 20 % GST: ₹10 on 7 → ₹80 gross, ₹14 GST, ₹66 net.
      expect(winBreakdown(1000, 'number', '7', { payouts: PAYOUTS, gstBps: GST_BPS })).toEqual({
        gross: 8000,
        gst: 1400,
        net: 6600,
      });

      // At 8 seconds left (not 5) betting locks: the sheet closes, the cards say so, the clock turns.
      await expect.poll(() => secondsLeft(page), { timeout: 30_000, intervals: [200] }).toBeLessThanOrEqual(8);
      const left = await secondsLeft(page);
      expect(left).toBeGreaterThan(5);
      await expect(panel).toBeHidden();
      await expect(game.card(page, 'color').locator('.game-card__badge--locked')).toBeVisible();
      await expect(page.locator('.period-card__clock--locked')).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
