// The Chromium the browser suites drive (Playwright end-to-end: apps/web/e2e/playwright.config.ts; Lighthouse:
// scripts/lighthouse.mjs): CHROMIUM_PATH (or CHROME_PATH, chrome-launcher's own variable), else /usr/bin/chromium,
// else chromium, chromium-browser or google-chrome on the PATH, else Playwright's own Chromium once installed
// (`npx playwright install chromium`, which `ensureChromium` runs on demand for `npm test`).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { onPath } from './services.mjs';

export const CHROMIUM_INSTALL_HINT =
  'set CHROMIUM_PATH, install Chromium (apt-get install chromium / brew install --cask chromium) or run `npx playwright install --with-deps chromium`';

/** Playwright's own Chromium (under ~/.cache/ms-playwright), when it is installed. */
export function playwrightChromium() {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/**
 * The browser to drive and where it was found, or null. An explicit CHROMIUM_PATH / CHROME_PATH is returned as it is
 * (a wrong one then fails loudly at launch rather than being replaced by another browser).
 * @param {{ env?: NodeJS.ProcessEnv, exists?: (path: string) => boolean, which?: (binary: string) => string | null, bundled?: () => string | null }} [deps]
 */
export function findChromium({
  env = process.env,
  exists = existsSync,
  which = onPath,
  bundled = playwrightChromium,
} = {}) {
  if (env.CHROMIUM_PATH) return { path: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' };
  if (env.CHROME_PATH) return { path: env.CHROME_PATH, source: 'CHROME_PATH' };
  if (exists('/usr/bin/chromium')) return { path: '/usr/bin/chromium', source: '/usr/bin/chromium' };
  for (const binary of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    const path = which(binary);
    if (path) return { path, source: `${binary} on the PATH` };
  }
  const own = bundled();
  return own ? { path: own, source: "Playwright's Chromium" } : null;
}

/** `npx playwright install chromium`, its output kept (printed only in the one line of a failure). */
function installPlaywrightChromium({ timeoutMs = 10 * 60_000 } = {}) {
  return new Promise((resolve) => {
    const child = spawn('npx', ['playwright', 'install', 'chromium'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, output: error.message });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ ok: code === 0, output: output || `exit ${signal ?? code}` });
    });
  });
}

/**
 * The Chromium for `npm test`'s browser suites: `findChromium`, else Playwright's, installed now (where the network
 * allows). Throws an Error whose message is one line saying how to get one when that fails too.
 * @param {{ env?: NodeJS.ProcessEnv, log?: (line: string) => void, find?: typeof findChromium, install?: () => Promise<{ ok: boolean, output: string }> }} [options]
 */
export async function ensureChromium({
  env = process.env,
  log = console.log,
  find = findChromium,
  install = installPlaywrightChromium,
} = {}) {
  const found = find({ env });
  if (found) return found;
  log("No Chromium found: installing Playwright's (npx playwright install chromium) …");
  const result = await install();
  const installed = result.ok ? find({ env }) : null;
  if (installed) {
    log(`Chromium: ${installed.path}`);
    return installed;
  }
  const reason = result.ok
    ? 'it installed no browser found here'
    : `it failed: ${(result.output.trim().split('\n').filter(Boolean).pop() ?? 'no output').slice(0, 200)}`;
  throw new Error(
    `Chromium is needed for the end-to-end and Lighthouse suites and none was found (npx playwright install chromium: ${reason}): ${CHROMIUM_INSTALL_HINT}.`,
  );
}
