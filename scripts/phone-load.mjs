#!/usr/bin/env node
// `node scripts/phone-load.mjs [--baseline-dist <dir>] [--runs N] [--waterfall]`: how fast the web app paints and becomes usable on a
// throttled phone — Fast 3G (562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up), 4× CPU slowdown, cold cache (a fresh
// browser context: no HTTP cache, no service worker) — at 360×640, in Chromium (scripts/chromium.mjs).
// For the landing page (signed out) and the game (signed in): first contentful paint, and for the game the moment it is
// usable (the period card shows its period and the games can be tapped). Each figure is the median of --runs (3).
// With --baseline-dist, the same runs against that web build (e.g. the previous release's dist/web) on the same
// server, printed side by side. The server is the stack `npm start` runs (scripts/lighthouse.mjs' audited stack).
/* global document, window, MutationObserver, HTMLButtonElement -- the page functions run in the browser */
import { chromium } from 'playwright';
import { findChromium } from './chromium.mjs';
import { seedPlayer, startAuditedStack } from './lighthouse.mjs';

const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const PHONE = { viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : null);
const RUNS = Number(option('--runs') ?? 3);
/** --waterfall: also print, for one visit of the game, when each request started and ended (what the wait is made of). */
const WATERFALL = args.includes('--waterfall');
const baselineDist = option('--baseline-dist');

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function throttled(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Runs in the page before its scripts: records when the period card shows its period and the games are enabled. */
function watchUsable() {
  const usable = () => {
    const id = document.querySelector('[data-testid="period-id"]')?.textContent ?? '';
    const card = document.querySelector('[data-testid="game-card-color"]');
    return /^\d{12,}$/.test(id.trim()) && card instanceof HTMLButtonElement && !card.disabled;
  };
  const observer = new MutationObserver(() => {
    if (window.__usableAt !== undefined || !usable()) return;
    window.__usableAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** One cold visit: FCP, and (for the game) when the period card shows its period and the games are enabled. */
async function visit(browser, url, path, storageState, waterfall = null) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block', storageState });
  try {
    const page = await context.newPage();
    await throttled(context, page);
    const started = Date.now();
    if (waterfall) {
      const began = new Map();
      page.on('request', (request) => began.set(request, Date.now() - started));
      page.on('requestfinished', (request) => {
        // When the request went out and its first byte came back (the browser's own timing), beside the event's.
        const timing = request.timing();
        const at = (ms) => (ms >= 0 ? Math.round(timing.startTime + ms - started) : null);
        waterfall.push({
          from: began.get(request),
          to: Date.now() - started,
          sent: at(timing.requestStart),
          firstByte: at(timing.responseStart),
          what: describe(request, url),
        });
      });
      page.on('websocket', (socket) => {
        const opened = Date.now() - started;
        socket.once('framereceived', () =>
          waterfall.push({ from: opened, to: Date.now() - started, what: `websocket (to its first frame)` }),
        );
      });
    }
    // The moment the game becomes usable is taken in the page, by a mutation observer that checks after every change
    // of the document, rather than by polling from here (a poll every 100 ms would round the figure up by up to that).
    if (path === '/game') await page.addInitScript(watchUsable);
    await page.goto(`${url}${path}`, { waitUntil: 'commit', timeout: 60_000 });
    let usableMs = null;
    if (path === '/game') {
      await page.waitForFunction(() => window.__usableAt !== undefined, undefined, { timeout: 60_000, polling: 100 });
      usableMs = await page.evaluate(() => Math.round(window.__usableAt));
    } else {
      await page.waitForLoadState('load', { timeout: 60_000 });
    }
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
      timeout: 60_000,
    });
    const fcpMs = await page.evaluate(() =>
      Math.round(performance.getEntriesByName('first-contentful-paint')[0].startTime),
    );
    return { fcpMs, usableMs, wallMs: Date.now() - started };
  } finally {
    await context.close();
  }
}

function describe(request, url) {
  return `${request.method()} ${request.url().replace(url, '')}`;
}

function printWaterfall(waterfall, usableMs) {
  console.log(`\nOne visit of the game, request by request (ms after navigation; usable at ${usableMs} ms)`);
  console.log('   asked →  ended   (sent / first byte)');
  for (const { from, to, sent, firstByte, what } of waterfall.sort((a, b) => a.from - b.from)) {
    const wire = sent === undefined ? '' : `(${sent ?? '—'} / ${firstByte ?? '—'})`;
    console.log(`  ${String(from).padStart(6)} → ${String(to).padStart(6)}  ${wire.padEnd(15)}  ${what}`);
  }
}

async function measure(browser, webDist) {
  const stack = await startAuditedStack(webDist ? { WEB_DIST: webDist } : {});
  try {
    const player = await seedPlayer(stack.databaseUrl);
    // A signed-in browser's state (a fresh session's refresh cookie), taken without throttling, for each visit: a
    // visit rotates its refresh token, so the next one would present a used token.
    const signedIn = async () => {
      const login = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
      try {
        const page = await login.newPage();
        await page.goto(`${stack.url}/login`);
        await page.getByLabel('Gmail address').fill(player.email);
        await page.getByLabel('Password', { exact: true }).fill(player.password);
        await page.getByRole('button', { name: 'Log in' }).click();
        await page.waitForURL(/\/game$/);
        return await login.storageState();
      } finally {
        await login.close();
      }
    };
    const landing = [];
    const game = [];
    let gameProblem = null;
    for (let run = 0; run < RUNS; run++) {
      landing.push(await visit(browser, stack.url, '/', undefined));
      // A build that never gets usable against this server (e.g. an older client and a changed API) is reported, not fatal.
      if (!gameProblem)
        game.push(
          await visit(browser, stack.url, '/game', await signedIn()).catch((error) => {
            gameProblem = error.message.split('\n')[0];
            return null;
          }),
        );
    }
    if (WATERFALL && !webDist) {
      const waterfall = [];
      const visited = await visit(browser, stack.url, '/game', await signedIn(), waterfall);
      printWaterfall(waterfall, visited.usableMs);
    }
    const played = game.filter(Boolean);
    if (gameProblem) console.log(`  ${webDist ?? 'this build'}: the game did not become usable (${gameProblem})`);
    return {
      landingFcp: median(landing.map((r) => r.fcpMs)),
      gameFcp: played.length ? median(played.map((r) => r.fcpMs)) : '—',
      gameUsable: played.length ? median(played.map((r) => r.usableMs)) : '—',
    };
  } finally {
    await stack.stop();
  }
}

const browser = await chromium.launch({
  executablePath: findChromium()?.path,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const current = await measure(browser, null);
  const baseline = baselineDist ? await measure(browser, baselineDist) : null;
  const row = (name, key) =>
    `  ${name.padEnd(34)}${(baseline ? `${baseline[key]} ms` : '—').padStart(12)}${`${current[key]} ms`.padStart(14)}`;
  console.log(`\nThrottled phone (Fast 3G, 4× CPU, cold cache, 360×640), median of ${RUNS}`);
  console.log(`  ${''.padEnd(34)}${'baseline'.padStart(12)}${'this build'.padStart(14)}`);
  console.log(row('landing: first contentful paint', 'landingFcp'));
  console.log(row('game: first contentful paint', 'gameFcp'));
  console.log(row('game: usable (period shown, games on)', 'gameUsable'));
} finally {
  await browser.close();
}
