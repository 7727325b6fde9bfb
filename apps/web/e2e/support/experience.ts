import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { argon2id, hash } from 'argon2';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { GamePlayer } from './game-players.js';
import { DEV_API_KEY } from '../../../../libs/contracts/src/envelope.js';

const API_KEY = process.env.VITE_API_KEY || DEV_API_KEY;

/**
 * Where the phone screenshots of the screens this suite checks go: docs/screenshots/ (committed) when
 * DOC_SCREENSHOTS=1, else artifacts/screenshots/experience-* (so an ordinary run changes no committed file).
 */
export const DOCS_SCREENSHOTS =
  process.env.DOC_SCREENSHOTS === '1'
    ? join(process.cwd(), 'docs', 'screenshots')
    : join(process.cwd(), 'artifacts', 'screenshots');
const PREFIX = process.env.DOC_SCREENSHOTS === '1' ? '' : 'experience-';

/** A 360×640 screenshot (what a phone shows first, not the whole page), see DOCS_SCREENSHOTS. */
export async function docShot(page: Page, name: string): Promise<void> {
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(DOCS_SCREENSHOTS, `${PREFIX}${name}.png`), scale: 'css' });
}

/** Long values a real player can have: a 30-character name without spaces, a long UPI ID and bank holder name. */
export const LONG = {
  upiId: 'ravindranath.venkataraman.iyer.family.savings.2026@okhdfcbank',
  accountNumber: '123456789012345678',
  holderName: 'Ravindranath Venkataraman Subramanian Iyer Chidambaram Narayanaswamy Pillai',
} as const;

/** A verified player with a 30-character username (no spaces) and an empty wallet, as the server stores one. */
export async function seedLongNamedPlayer(databaseUrl: string, password = 'player123'): Promise<GamePlayer> {
  const tag = randomBytes(4).toString('hex');
  const username = `Ravindranath_Venkatara${tag}`;
  const email = `ravindranath.venkataraman.${tag}@gmail.com`;
  const passwordHash = await hash(password, { type: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO users (username, email, password_hash, role, referral_code, verified, status, date_of_birth)
       VALUES ($1, $2, $3, 'user', $4, true, 'active', '1990-01-01') RETURNING id`,
      [username, email, passwordHash, `X${tag.toUpperCase()}`],
    );
    await client.query('INSERT INTO wallets (user_id) VALUES ($1)', [rows[0]!.id]);
    // The one-time 'Set your limits' step was offered already (the play-safely walk asks for a player who has not seen it).
    await client.query('INSERT INTO player_play_settings (user_id, limits_offered_at) VALUES ($1, now())', [
      rows[0]!.id,
    ]);
    // An adult with a verified identity (a fixture, not a sealed number): money can move as the suites expect.
    await client.query(
      `INSERT INTO identity_checks (user_id, status, full_name, document_type, document_sealed, key_id, document_masked, document_digest, decided_at)
       VALUES ($1, 'verified', 'Test Player', 'PAN', 'e2e-fixture-not-sealed', '0000000000000000', 'XXXXX0000T', md5(random()::text) || md5(random()::text), now())`,
      [rows[0]!.id],
    );
    return { id: rows[0]!.id, username, email, password };
  } finally {
    await client.end();
  }
}

/** A call to the stack's API as the app makes it. */
export async function apiCall<T>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'x-api-key': API_KEY,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json().catch(() => null)) as { data?: T; message?: string } | null;
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${json?.message ?? ''}`);
  return json?.data as T;
}

/** No page wider than the screen: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, screen: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect
    .soft(scrollWidth, `${screen} is ${scrollWidth}px wide on a ${clientWidth}px screen`)
    .toBeLessThanOrEqual(clientWidth);
}

/** axe-core on the page as it is now: no serious or critical violation (WCAG 2.1 A/AA and best practices). */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Colours are judged as they settle, not halfway through a sheet's or a popup's entrance.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  expect.soft(serious, `${screen}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

/** Collects red console output (console.error and uncaught page errors) of a page from now on. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}
