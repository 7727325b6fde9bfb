import { expect, test, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { docShot, expectNoSidewaysScroll } from './support/experience.js';
import { PHONE } from './support/game-pages.js';
import { fundPlayers, seedGamePlayer } from './support/game-players.js';
import { e2eState } from './support/state.js';

type Language = 'en-IN' | 'hi-IN';
const LANGUAGES: Language[] = ['en-IN', 'hi-IN'];
const SIGNED_OUT = ['/', '/login', '/register', '/forgot-password', '/terms-and-conditions', '/help', '/fairness'];
const SIGNED_IN = [
  '/game',
  '/history',
  '/wallet',
  '/deposit',
  '/withdraw',
  '/profile',
  '/wallet/statement',
  '/disputes',
  '/play-safely',
  '/identity',
  '/help',
];

const shotName = (language: Language, path: string) =>
  `phone-${language === 'hi-IN' ? 'hi' : 'en'}-${path === '/' ? 'landing' : path.slice(1).replace(/\//g, '-')}`;

type Mode = 'phone' | 'narrow' | 'large-text';

/**
 * A screen as a phone shows it (360 px; with DOC_SCREENSHOTS=1 its view is kept in docs/screenshots), as the narrowest
 * phones show it (320 px), or with the browser's text at 200 %: nothing may scroll sideways.
 */
async function checkScreen(page: Page, language: Language, path: string, mode: Mode): Promise<void> {
  await page.setViewportSize(mode === 'narrow' ? { width: 320, height: 640 } : PHONE.viewport);
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', language.slice(0, 2));
  await page.waitForLoadState('networkidle');
  if (mode === 'large-text') await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
  await expectNoSidewaysScroll(page, `${path} (${language}, ${mode})`);
  if (mode === 'phone') await docShot(page, shotName(language, path));
}

async function phone(browser: Browser, language: Language) {
  const context = await browser.newContext({ ...PHONE });
  await context.addInitScript((lang) => localStorage.setItem('winround.language', lang), language);
  return context;
}

test.describe('every screen in English and Hindi', () => {
  for (const mode of ['phone', 'narrow', 'large-text'] as const) {
    for (const language of LANGUAGES) {
      test(`signed out, ${language}, ${mode}`, async ({ browser }) => {
        test.setTimeout(180_000);
        const context = await phone(browser, language);
        const page = await context.newPage();
        for (const path of SIGNED_OUT) await checkScreen(page, language, path, mode);
        await context.close();
      });

      test(`signed in, ${language}, ${mode}`, async ({ browser }) => {
        test.setTimeout(240_000);
        const { databaseUrl, url } = e2eState();
        const player = await seedGamePlayer(databaseUrl);
        await fundPlayers(url, [player], 1_000);
        const db = new pg.Client({ connectionString: databaseUrl });
        await db.connect();
        await db.query('UPDATE users SET language = $1 WHERE id = $2', [language, player.id]);
        await db.end();
        // Signed in through the English form; the account's language is adopted at sign-in and kept for the visit.
        const context = await browser.newContext({ ...PHONE, locale: 'en-IN' });
        const page = await context.newPage();
        await page.goto('/login');
        await page.getByLabel('Gmail address').fill(player.email);
        await page.getByLabel('Password', { exact: true }).fill(player.password);
        await page.getByRole('button', { name: 'Log in' }).click();
        await expect(page).toHaveURL(/\/game$/);
        await expect(page.getByTestId('period-id')).toHaveText(/^\d{12,}$/, { timeout: 20_000 });
        // The account's language arrives with its profile, read after sign-in: a screen loaded before that answer
        // would still speak the browser's.
        await expect(page.locator('html')).toHaveAttribute('lang', language.slice(0, 2));
        for (const path of SIGNED_IN) await checkScreen(page, language, path, mode);
        await context.close();
      });
    }
  }
});
