import { expect, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import type {
  BetMessage,
  ClientToServerEvents,
  PeriodInfo,
  ServerToClientEvents,
} from '../../../../libs/contracts/src/index.js';
import { DEV_API_KEY } from '../../../../libs/contracts/src/envelope.js';
import { SCREENSHOTS } from './state.js';

const API_KEY = process.env.VITE_API_KEY || DEV_API_KEY;
export const SUPER_ADMIN = { email: 'superadmin@gmail.com', password: 'admin12345' } as const;

async function call<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
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

/** An access token, signed in through POST /auth/login as the app does. */
export async function accessToken(baseUrl: string, email: string, password: string): Promise<string> {
  return (await call<{ accessToken: string }>(baseUrl, 'POST', '/auth/login', { email, password })).accessToken;
}

/** A fresh 12-digit UPI UTR. */
export function newUtr(): string {
  return `6${[...randomBytes(11)].map((b) => String(b % 10)).join('')}`;
}

/** The player's UPI deposit request (POST /payment/deposit), waiting for the admin's review. */
export async function requestDeposit(baseUrl: string, token: string, rupees: number, utr: string): Promise<void> {
  await call(
    baseUrl,
    'POST',
    '/payment/deposit',
    { method: 'UPI', amount: rupees, utrNumber: utr, upiApp: 'PHONEPE' },
    token,
  );
}

export type PlayerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The player's live connection, as the game screen opens it. */
export function connectPlayer(baseUrl: string, token: string): Promise<PlayerSocket> {
  return new Promise((resolve, reject) => {
    const socket: PlayerSocket = io(baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { apiKey: API_KEY, token },
      reconnection: false,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function nextPeriod(socket: PlayerSocket): Promise<PeriodInfo> {
  return new Promise((resolve) => {
    socket.once('next-period-id', resolve);
    socket.emit('send-period-id-current');
  });
}

/**
 * Places a bet over the live connection in a period with at least 8 s of betting left (waiting for the next
 * period if needed), and resolves with the server's bet-message.
 */
export async function placeBet(
  socket: PlayerSocket,
  bet: { betType: 'color' | 'bigSmall' | 'number'; betValue: string; amount: number },
): Promise<{ periodId: string; reply: BetMessage }> {
  let period = await nextPeriod(socket);
  const lockAt = (p: PeriodInfo) => p.lockTime ?? p.startTime + (p.duration - 5) * 1000;
  const skew = Date.now() - period.serverTime;
  if (lockAt(period) - (Date.now() - skew) < 8000) {
    await new Promise((r) => setTimeout(r, period.startTime + period.duration * 1000 - (Date.now() - skew) + 300));
    period = await nextPeriod(socket);
  }
  const reply = new Promise<BetMessage>((resolve) => socket.once('bet-message', resolve));
  socket.emit('place-bet', { periodId: period.periodId, ...bet });
  return { periodId: period.periodId, reply: await reply };
}

/** The value on a Dashboard stat card, as shown ('₹1,000.50', '12'). */
export function statCard(page: Page, key: string) {
  return page.locator(`[data-stat="${key}"] .stat-card__value`);
}

/**
 * Reads every figure of the dashboard from one render: the cards are read in a single step in the page, since the
 * Dashboard reloads itself every 30 s and a reload landing between two reads would pair old and new figures (a bet
 * still pending beside the same bet completed).
 */
export async function figures(page: Page, keys: readonly string[]): Promise<Record<string, number>> {
  const shown = await page.waitForFunction(
    (ks) => {
      const texts = ks.map((k) => document.querySelector(`[data-stat="${k}"] .stat-card__value`)?.textContent);
      return texts.every(Boolean) ? texts : null;
    },
    [...keys],
  );
  const texts = (await shown.jsonValue()) as string[];
  // A shown figure as a number: '₹1,25,000.50' → 125000.5.
  return Object.fromEntries(keys.map((key, i) => [key, Number(texts[i]!.replace(/[^\d.]/g, ''))]));
}

/** Presses Refresh on the Dashboard and waits for the reload to finish. */
export async function refreshDashboard(page: Page): Promise<void> {
  const panel = page.getByRole('tabpanel');
  const refresh = panel.getByRole('button', { name: 'Refresh' });
  await expect(refresh).toBeEnabled();
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/admin/dashboard') && r.request().method() === 'GET',
  );
  await refresh.click();
  expect((await answered).status()).toBe(200);
  await expect(refresh).toBeEnabled();
  await expect(panel.getByRole('status', { name: 'Loading dashboard' })).toHaveCount(0);
}

/** A screenshot of what the admin sees, under artifacts/screenshots/admin-{name}.png. */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: join(SCREENSHOTS, `admin-${name}.png`), fullPage: true });
}
