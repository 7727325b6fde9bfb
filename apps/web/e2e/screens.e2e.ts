import { expect, test, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { docShot, expectNoSidewaysScroll } from './support/experience.js';
import { logInToGame, PHONE } from './support/game-pages.js';
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

/**
 * A screen as a phone shows it, then as the narrowest phones (320 px) and with the browser's text at 200 %: nothing
 * may scroll sideways in any of them. With DOC_SCREENSHOTS=1 the 360-px view is kept in docs/screenshots.
 */
async function checkScreen(page: Page, language: Language, path: string): Promise<void> {
  await page.setViewportSize(PHONE.viewport);
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.waitForLoadState('networkidle');
  await expectNoSidewaysScroll(page, `${path} (${language}, 360 px)`);
  await docShot(page, shotName(language, path));
  await page.setViewportSize({ width: 320, height: 640 });
  await expectNoSidewaysScroll(page, `${path} (${language}, 320 px)`);
  await page.setViewportSize(PHONE.viewport);
  await page.evaluate(() => (document.documentElement.style.fontSize = '200%'));
  await expectNoSidewaysScroll(page, `${path} (${language}, text at 200 %)`);
  await page.evaluate(() => (document.documentElement.style.fontSize = ''));
}

async function phone(browser: Browser, language: Language) {
  const context = await browser.newContext({ ...PHONE });
  await context.addInitScript((lang) => localStorage.setItem('winround.language', lang), language);
  return context;
}

test.describe('every screen at 360 and 320 px and with text at 200 %, in English and Hindi', () => {
  for (const language of LANGUAGES) {
    test(`signed out, ${language}`, async ({ browser }) => {
      test.setTimeout(180_000);
      const context = await phone(browser, language);
      const page = await context.newPage();
      for (const path of SIGNED_OUT) await checkScreen(page, language, path);
      await context.close();
    });

    test(`signed in, ${language}`, async ({ browser }) => {
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
      await logInToGame(page, player.email, player.password);
      for (const path of SIGNED_IN) await checkScreen(page, language, path);
      await context.close();
    });
  }
});
