#!/usr/bin/env node
// Photographs the player and admin screens at phone size (390×844) against a started stack, for comparing the look
// of the client before and after a change:
//   node apps/web/scripts/phone-screens.mjs <out-dir>              (serves the web build already in dist/web)
//   node apps/web/scripts/phone-screens.mjs --diff <dir-a> <dir-b> (share of pixels that differ, per screen)
// Starts the stack as `npm start` does on a database of its own, seeds one funded player, signs in through the
// login screen and the development super-admin, and removes what it created.
// Postgres: TEST_DATABASE_SERVER or 127.0.0.1:5432; Redis: TEST_REDIS_URL or :6379.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PNG } from 'pngjs';

const print = (line) => process.stdout.write(`${line}\n`);
const VIEWPORT = { width: 390, height: 844 };

if (process.argv[2] === '--diff') {
  const [a, b] = process.argv.slice(3).map((dir) => resolve(dir));
  for (const name of readdirSync(a)
    .filter((f) => f.endsWith('.png'))
    .sort()) {
    const left = PNG.sync.read(readFileSync(join(a, name)));
    let right;
    try {
      right = PNG.sync.read(readFileSync(join(b, name)));
    } catch {
      print(`${name.padEnd(24)} missing in ${b}`);
      continue;
    }
    if (left.width !== right.width || left.height !== right.height) {
      print(`${name.padEnd(24)} size ${left.width}x${left.height} → ${right.width}x${right.height}`);
      continue;
    }
    let differing = 0;
    for (let i = 0; i < left.data.length; i += 4) {
      if (
        Math.abs(left.data[i] - right.data[i]) +
          Math.abs(left.data[i + 1] - right.data[i + 1]) +
          Math.abs(left.data[i + 2] - right.data[i + 2]) >
        24
      )
        differing++;
    }
    const share = (100 * differing) / (left.width * left.height);
    print(`${name.padEnd(24)} ${share.toFixed(3)}% of pixels differ`);
  }
  process.exit(0);
}

const out = resolve(process.argv[2] ?? 'artifacts/phone-screens');
mkdirSync(out, { recursive: true });
const { chromium } = await import('@playwright/test');
const pg = (await import('pg')).default;
const { freePort, startStack } = await import('../../../scripts/stack.mjs');
const { LOAD_TEST_PASSWORD, seedPlayers } = await import('../../../load-tests/lib/seed.mjs');

const server = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const database = `wr_screens_${randomBytes(3).toString('hex')}`;
const admin = async (sql) => {
  const client = new pg.Client({ connectionString: `${server}/postgres` });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};

await admin(`CREATE DATABASE ${database}`);
const jwtSecret = randomBytes(24).toString('hex');
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisPrefix = `wrscreens:${randomBytes(3).toString('hex')}:`;
let stack;
let browser;
try {
  stack = await startStack({
    build: false,
    log: () => {},
    stdio: 'ignore',
    env: {
      NODE_ENV: 'development',
      PORT: String(await freePort()),
      DATABASE_URL: `${server}/${database}`,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      JWT_SECRET: jwtSecret,
      ADMIN_EMAIL: 'screens.admin@gmail.com',
      ADMIN_PASSWORD: 'admin12345',
      METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
    },
  });
  const [player] = await seedPlayers({ databaseUrl: `${server}/${database}`, jwtSecret, count: 1, mainPaise: 100_000 });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const context = () =>
    browser.newContext({
      viewport: VIEWPORT,
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 1,
      baseURL: stack.url,
      reducedMotion: 'reduce',
    });
  const shoot = async (page, name, path, ready) => {
    await page.goto(path);
    await ready(page);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(600);
    await page.screenshot({ path: join(out, `${name}.png`) });
    print(`${name} ${path}`);
  };
  const heading = (text) => (page) => page.getByText(text).first().waitFor({ timeout: 30_000 });

  const visitor = await (await context()).newPage();
  await shoot(visitor, 'landing', '/', heading(/WinRound/));
  await shoot(visitor, 'login', '/login', heading('Log in'));
  await shoot(visitor, 'register', '/register', heading(/Register|Create/));
  await shoot(visitor, 'terms', '/terms-and-conditions', heading(/Terms/));
  await shoot(visitor, 'fairness', '/fairness', heading(/fair/i));

  const signIn = async (email, password, home) => {
    const page = await (await context()).newPage();
    await page.goto('/login');
    await page.getByLabel('Gmail address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(home, { timeout: 30_000 });
    return page;
  };
  const playerPage = await signIn(player.email, LOAD_TEST_PASSWORD, /\/game$/);
  await shoot(playerPage, 'game', '/game', heading(/₹1,000\.00/));
  // The bet panel with a choice and a stake picked, taken while betting is open (not in the last seconds).
  await shoot(playerPage, 'game-bet-sheet', '/game', async (page) => {
    await page
      .getByText(/₹1,000\.00/)
      .first()
      .waitFor({ timeout: 30_000 });
    await page
      .getByRole('button', { name: /Color Clash/ })
      .first()
      .waitFor();
    for (;;) {
      const label =
        (await page
          .getByRole('timer')
          .first()
          .getAttribute('aria-label')
          .catch(() => null)) ?? '';
      const left = Number(label.split(' ')[0]);
      if (left > 12) break;
      await page.waitForTimeout(1000);
    }
    await page.getByText('Color Clash').first().click();
    await page.getByTestId('bet-panel').getByRole('button', { name: /red/i }).first().click();
    await page.getByRole('button', { name: 'Stake ₹100.00' }).click();
  });
  await shoot(playerPage, 'wallet', '/wallet', heading(/₹1,000\.00/));
  await shoot(playerPage, 'deposit', '/deposit', async (page) => {
    await page.getByRole('button', { name: '₹500', exact: true }).click();
  });
  await shoot(playerPage, 'withdraw', '/withdraw', async (page) => {
    await page
      .getByText(/₹1,000\.00/)
      .first()
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: '₹1,000', exact: true }).click();
  });
  await shoot(playerPage, 'history', '/history', heading(/History|bets/i));
  await shoot(playerPage, 'profile', '/profile', heading(/load_/));

  const adminPage = await signIn('screens.admin@gmail.com', 'admin12345', /\/admin\/dashboard$/);
  await shoot(adminPage, 'admin-dashboard', '/admin/dashboard', heading(/Dashboard/));
  print(`screens in ${out}`);
} finally {
  await browser?.close();
  await stack?.stop();
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
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
