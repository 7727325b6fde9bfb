import { expect, test, type Page } from '@playwright/test';
import { SUPER_ADMIN } from './support/admin-live.js';
import { seedPlayer } from './support/payments-db.js';
import { logIn, phoneContext } from './support/payments-pages.js';
import { e2eState } from './support/state.js';

/** Every script the page fetches from now on (paths, e.g. /assets/index-abc.js). */
function scriptsOf(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
  });
  return scripts;
}

test.describe('what a player downloads', () => {
  test.setTimeout(120_000);

  test("a player's session never fetches the admin console's scripts; the super-admin's does", async ({
    page,
    browser,
  }) => {
    const { databaseUrl, url } = e2eState();
    const player = await seedPlayer(databaseUrl);
    const playerScripts = scriptsOf(page);

    await test.step('the player visits every screen of the bottom navigation, deposit and withdraw', async () => {
      await logIn(page, player.email, player.password, /\/game$/);
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const [link, path] of [
        ['History', /\/history$/],
        ['Wallet', /\/wallet$/],
        ['Profile', /\/profile$/],
        ['Games', /\/game$/],
      ] as const) {
        await nav.getByRole('link', { name: link }).click();
        await expect(page).toHaveURL(path);
      }
      for (const path of ['/deposit', '/withdraw', '/fairness']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
      }
      // An attempt at the console: the guard sends the player home without loading it.
      await page.goto('/admin/dashboard');
      await expect(page).toHaveURL(/\/game$/);
      await page.waitForLoadState('networkidle');
    });

    const admin = await phoneContext(browser, url);
    const adminPage = await admin.newPage();
    const adminScripts = scriptsOf(adminPage);
    await test.step('the super-admin opens the console', async () => {
      await logIn(adminPage, SUPER_ADMIN.email, SUPER_ADMIN.password, /\/admin\/dashboard$/);
      await expect(adminPage.getByRole('tab', { name: 'Dashboard' })).toBeVisible();
      await adminPage.waitForLoadState('networkidle');
    });
    await admin.close();

    const consoleOnly = [...adminScripts].filter((path) => !playerScripts.has(path));
    expect(playerScripts.size).toBeGreaterThan(0);
    // The console's own chunks exist (its screens, state and charts), and the player fetched none of them.
    expect(consoleOnly.length).toBeGreaterThan(0);
    expect([...playerScripts].filter((path) => /AdminConsole|uPlot/i.test(path))).toEqual([]);
    expect(consoleOnly.some((path) => /AdminConsole/.test(path))).toBe(true);
  });
});
