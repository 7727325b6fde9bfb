#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile preset) in Chromium on the landing, login, game and wallet
// screens of the product as `npm start` runs it (scripts/stack.mjs: the built server and web app, a fresh database
// on the machine's Postgres, its own Redis key prefix). The game and wallet are audited signed in as a player.
// Prints the scores; accessibility and best practices must be ≥ 95 on every page (the gate CI applies, through
// scripts/test-all.mjs), performance is reported only (this box is shared and noisy).
// Options: --json <file> (the report, see readLighthouseReport)   --reports <dir> (each page's full Lighthouse report,
// what each score is made of)   --url <base> (audit a stack already running; LIGHTHOUSE_EMAIL / LIGHTHOUSE_PASSWORD
// then name a player of it).   The browser: scripts/chromium.mjs (CHROMIUM_PATH or
// CHROME_PATH, else /usr/bin/chromium, one on the PATH or Playwright's own).
import { argon2id, hash } from 'argon2';
import { launch } from 'chrome-launcher';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { findChromium } from './chromium.mjs';
import { testDatabaseServer, testRedisUrl } from './services.mjs';

/** The password hash parameters, as the server reads them. */
const PASSWORD_HASH = JSON.parse(
  readFileSync(new URL('../libs/config/src/identity.json', import.meta.url), 'utf8'),
).passwordHash;

export const GATED = ['accessibility', 'best-practices'];
export const FLOOR = 95;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const PAGES = [
  { name: 'landing', path: '/', signedIn: false },
  { name: 'login', path: '/login', signedIn: false },
  { name: 'game', path: '/game', signedIn: true },
  { name: 'wallet', path: '/wallet', signedIn: true },
];

/**
 * The report as a test suite: each gated category of each page is one test (passed at ≥ 95), so the runner
 * counts 8 of them; performance is not counted. Returns null when the file is not such a report.
 */
export function readLighthouseReport(json) {
  if (!json || !Array.isArray(json.pages)) return null;
  let passed = 0;
  let failed = 0;
  for (const page of json.pages) {
    for (const category of GATED) {
      const score = page.scores?.[category];
      if (typeof score === 'number' && score >= FLOOR) passed += 1;
      else failed += 1;
    }
  }
  return { passed, failed, skipped: 0, todo: 0, notRun: [] };
}

export async function seedPlayer(databaseUrl) {
  const tag = randomBytes(4).toString('hex');
  const email = `audit.${tag}@gmail.com`;
  const password = 'audit12345';
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const passwordHash = await hash(password, { type: argon2id, ...PASSWORD_HASH });
    const { rows } = await client.query(
      `INSERT INTO users (username, email, password_hash, role, referral_code) VALUES ($1, $2, $3, 'user', $4) RETURNING id`,
      [`audit_${tag}`, email, passwordHash, `A${tag.toUpperCase()}`],
    );
    await client.query('INSERT INTO wallets (user_id) VALUES ($1)', [rows[0].id]);
  } finally {
    await client.end();
  }
  return { email, password };
}

/** Removes this run's keys (its own prefix) from the shared Redis; never touches anyone else's. */
async function deleteKeys(redisUrl, prefix) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export async function startAuditedStack(extraEnv = {}) {
  const { freePort, startStack } = await import('./stack.mjs');
  const server = testDatabaseServer();
  const database = `wr_lighthouse_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const redisUrl = testRedisUrl();
  const prefix = `wrlh:${randomBytes(3).toString('hex')}:`;
  const stack = await startStack({
    log: () => {},
    stdio: 'ignore',
    env: {
      PORT: String(await freePort()),
      DATABASE_URL: `${server}/${database}`,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
  });
  return {
    url: stack.url,
    databaseUrl: `${server}/${database}`,
    async stop() {
      await stack.stop();
      const cleanup = new pg.Client({ connectionString: `${server}/postgres` });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await cleanup.end();
      await deleteKeys(redisUrl, prefix).catch(() => {});
    },
  };
}

/** Signs in through the login screen, as a player does, so the audited pages see a live session. */
async function logIn(page, url, { email, password }) {
  await page.goto(`${url}/login`, { waitUntil: 'networkidle2' });
  await page.type('form[aria-label="Log in"] input[name="email"]', email);
  await page.type('form[aria-label="Log in"] input[name="password"]', password);
  await Promise.all([
    page.waitForFunction(() => globalThis.location.pathname === '/game', { timeout: 30_000 }),
    page.click('form[aria-label="Log in"] button[type="submit"]'),
  ]);
}

export async function audit({ url, player, reportsDir = null }) {
  const { default: lighthouse } = await import('lighthouse');
  const puppeteer = (await import('puppeteer-core')).default;
  const chrome = await launch({ chromePath: findChromium()?.path ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const results = [];
  try {
    const page = await browser.newPage();
    for (const target of PAGES) {
      if (target.signedIn && !results.some((r) => r.signedIn)) await logIn(page, url, player);
      // A run Lighthouse itself could not finish (runtimeError, e.g. no first paint seen on a loaded box) has no
      // scores: it is run again, up to twice, before the page counts as failing.
      let lhr;
      for (let attempt = 1; attempt <= 3; attempt++) {
        ({ lhr } = await lighthouse(
          `${url}${target.path}`,
          {
            logLevel: 'error',
            output: 'json',
            onlyCategories: CATEGORIES,
            disableStorageReset: target.signedIn,
            maxWaitForLoad: 30_000,
          },
          undefined,
          page,
        ));
        if (!lhr.runtimeError && CATEGORIES.every((c) => lhr.categories[c]?.score != null)) break;
        console.log(
          `  ${target.name}: Lighthouse could not finish (${lhr.runtimeError?.code ?? 'no score'}), attempt ${attempt} of 3`,
        );
      }
      if (reportsDir) {
        mkdirSync(reportsDir, { recursive: true });
        writeFileSync(join(reportsDir, `${target.name}.json`), JSON.stringify(lhr));
      }
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100)]),
      );
      const failing = Object.entries(lhr.audits)
        .filter(
          ([, a]) =>
            a.score !== null &&
            a.score < 1 &&
            lhr.categories.accessibility.auditRefs
              .concat(lhr.categories['best-practices'].auditRefs)
              .some((r) => r.id === a.id && r.weight > 0),
        )
        .map(([id]) => id);
      const ms = (id) =>
        typeof lhr.audits[id]?.numericValue === 'number' ? Math.round(lhr.audits[id].numericValue) : null;
      const metrics = {
        fcpMs: ms('first-contentful-paint'),
        lcpMs: ms('largest-contentful-paint'),
        tbtMs: ms('total-blocking-time'),
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
      };
      results.push({
        name: target.name,
        url: lhr.finalDisplayedUrl,
        signedIn: target.signedIn,
        scores,
        metrics,
        failingAudits: failing,
      });
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
  return results;
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
  const jsonFile = option('--json');
  let stack = null;
  let url = option('--url');
  let player;
  if (url) {
    player = { email: process.env.LIGHTHOUSE_EMAIL, password: process.env.LIGHTHOUSE_PASSWORD };
    if (!player.email || !player.password)
      throw new Error('--url needs LIGHTHOUSE_EMAIL and LIGHTHOUSE_PASSWORD (a player of that stack)');
  } else {
    // --web-dist <dir>: audit another web build (e.g. the previous release's dist/web) on this server.
    const webDist = option('--web-dist');
    stack = await startAuditedStack(webDist ? { WEB_DIST: resolve(webDist) } : {});
    url = stack.url;
    player = await seedPlayer(stack.databaseUrl);
  }
  let pages;
  try {
    pages = await audit({ url, player, reportsDir: option('--reports') });
  } finally {
    await stack?.stop();
  }
  console.log('\nLighthouse (mobile preset, Chromium headless)      performance  accessibility  best-practices');
  for (const p of pages) {
    const cell = (c) => String(p.scores[c] ?? '—').padStart(c === 'performance' ? 11 : c === 'accessibility' ? 14 : 15);
    console.log(`  ${p.name.padEnd(48)}${cell('performance')}${cell('accessibility')}${cell('best-practices')}`);
    const m = p.metrics;
    console.log(
      `    FCP ${m.fcpMs} ms · LCP ${m.lcpMs} ms · TBT ${m.tbtMs} ms · CLS ${m.cls === null ? '—' : m.cls.toFixed(3)}`,
    );
    if (p.failingAudits.length > 0) console.log(`    not perfect: ${p.failingAudits.join(', ')}`);
  }
  const report = { floor: FLOOR, gated: GATED, pages };
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify(report, null, 2));
  const counts = readLighthouseReport(report);
  console.log(
    `\n${counts.passed} passed, ${counts.failed} failed (accessibility and best practices ≥ ${FLOOR} on each page)`,
  );
  process.exit(counts.failed === 0 ? 0 : 1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
