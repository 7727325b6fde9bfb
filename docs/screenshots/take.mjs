#!/usr/bin/env node
// The README's screenshot of the game at phone size (docs/screenshots/game-phone.png): starts the stack as
// `npm start` does (development mode) on a database of its own, seeds one funded player, signs in through the login
// screen in Chromium at 360×640 and photographs the game once a round is running. Removes what it created.
//   node docs/screenshots/take.mjs        (Postgres TEST_DATABASE_SERVER or 127.0.0.1:5432, Redis TEST_REDIS_URL or :6379)
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import pg from 'pg';
import { findChromium } from '../../scripts/chromium.mjs';
import { testDatabaseServer, testRedisUrl } from '../../scripts/services.mjs';
import { freePort, ROOT, startStack } from '../../scripts/stack.mjs';
import { LOAD_TEST_PASSWORD, seedPlayers } from '../../load-tests/lib/seed.mjs';

const server = testDatabaseServer();
const database = `wr_screenshot_${randomBytes(3).toString('hex')}`;
const out = join(ROOT, 'docs/screenshots/game-phone.png');
const admin = async (sql) => {
  const client = new pg.Client({ connectionString: `${server}/postgres` });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};

await admin(`CREATE DATABASE ${database}`);
const jwtSecret = randomBytes(24).toString('hex');
const redisUrl = testRedisUrl();
const redisPrefix = `wrshot:${randomBytes(3).toString('hex')}:`;
let stack;
let browser;
try {
  stack = await startStack({
    log: () => {},
    stdio: 'ignore',
    env: {
      NODE_ENV: 'development',
      PORT: String(await freePort()),
      DATABASE_URL: `${server}/${database}`,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      JWT_SECRET: jwtSecret,
      METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
    },
  });
  // A player with ₹1,000 (one balanced ledger entry), as a newcomer has after the first approved deposit.
  const [player] = await seedPlayers({ databaseUrl: `${server}/${database}`, jwtSecret, count: 1, mainPaise: 100_000 });
  // Who was offered the limits at registration already (the picture is of the game, not of the offer).
  const db = new pg.Client({ connectionString: `${server}/${database}` });
  await db.connect();
  await db
    .query(
      'INSERT INTO player_play_settings (user_id, limits_offered_at) VALUES ($1, now()) ON CONFLICT (user_id) DO NOTHING',
      [player.id],
    )
    .finally(() => db.end());
  browser = await chromium.launch({ executablePath: findChromium()?.path });
  const page = await browser.newPage({
    viewport: { width: 360, height: 640 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    baseURL: stack.url,
  });
  await page.goto('/login');
  await page.getByLabel('Gmail address').fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill(LOAD_TEST_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/game$/, { timeout: 30_000 });
  // The period card and its countdown are live once the socket has the current period.
  await page
    .getByText(/₹1,000\.00/)
    .first()
    .waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await browser?.close();
  await stack?.stop();
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
  // Only this run's keys (the Redis may be shared).
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}
