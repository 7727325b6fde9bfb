import { expect, test, type Page } from '@playwright/test';
import { collectConsoleErrors } from './support/experience.js';
import { game, logInToGame, PHONE } from './support/game-pages.js';
import { seedGamePlayer } from './support/game-players.js';
import { e2eState } from './support/state.js';

/** Waits until the service worker controls the page (it claims its clients on activation). */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
    );
  });
}

test.describe('the app on the phone: shell, service worker, offline', () => {
  test('the first visit paints the static shell (logo and the period card skeleton) before any script runs', async ({
    page,
  }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/game');
    await expect(page.locator('.boot')).toBeVisible();
    await expect(page.locator('.boot__bar')).toHaveText('WinRound');
    await expect(page.locator('.boot__card')).toBeVisible();
  });

  test('a repeat visit is answered by the service worker; offline, a visit shows the offline page and no balance', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: /log in/i })).toBeVisible();
    // The app replaced the static shell when it mounted.
    await expect(page.locator('.boot')).toHaveCount(0);
    await controlledByServiceWorker(page);
    // The repeat visit: the shell comes from the worker's precache.
    const shell = page.waitForResponse((r) => r.request().resourceType() === 'document');
    await page.goto('/login');
    expect((await shell).fromServiceWorker()).toBe(true);
    await expect(page.getByRole('button', { name: /log in/i })).toBeVisible();

    await context.setOffline(true);
    // The worker answers a navigation by its own navigator.onLine, which Chromium updates a moment after the page's:
    // the visit is made once the worker, too, knows it is offline.
    const [worker] = context.serviceWorkers();
    expect(worker).toBeDefined();
    await expect.poll(() => worker!.evaluate(() => navigator.onLine)).toBe(false);
    await page.goto('/wallet');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByText(/₹/)).toHaveCount(0);

    await context.setOffline(false);
    await page.getByRole('link', { name: /Try again/ }).click();
    await expect(page.getByRole('link', { name: 'Log in to play' })).toBeVisible();
  });

  test("a signed-in visit restores its session and reads the rules while the app's scripts are still on their way, once, with the policy allowing the boot script", async ({
    browser,
  }) => {
    const { databaseUrl, url } = e2eState();
    const player = await seedGamePlayer(databaseUrl);
    // No service worker: every request of the visit goes to the network, where this test can hold it.
    const context = await browser.newContext({ ...PHONE, baseURL: url, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      const errors = collectConsoleErrors(page);
      await logInToGame(page, player.email, player.password);

      // A new visit whose scripts are held back: the session's restoration and the rules are asked for meanwhile.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/assets/*.js', async (route) => {
        await held;
        await route.continue();
      });
      const sessionCalls: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (/refresh-token$/.test(path)) sessionCalls.push(`${request.method()} ${path}`);
      });
      const restored = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/refresh-token'));
      const rules = page.waitForResponse((r) => r.url().endsWith('/api/v1/app-config'));
      await page.goto('/game', { waitUntil: 'commit' });
      expect((await restored).status()).toBe(200);
      expect((await rules).status()).toBe(200);
      await expect(page.locator('.boot')).toBeVisible();

      release();
      await expect(game.periodId(page)).toHaveText(/^\d{12,}$/, { timeout: 20_000 });
      await expect(game.card(page, 'color')).toBeEnabled();
      await expect(game.balance(page)).toBeVisible();
      // The app took the early answer: one restoration, so the refresh cookie was rotated once.
      expect(sessionCalls).toEqual(['GET /api/v1/auth/refresh-token']);
      // A blocked inline script would be a red console line (a Content-Security-Policy refusal).
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
