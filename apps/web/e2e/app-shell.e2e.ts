import { expect, test, type Page } from '@playwright/test';

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
    await page.goto('/wallet');
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByText(/₹/)).toHaveCount(0);

    await context.setOffline(false);
    await page.getByRole('link', { name: /Try again/ }).click();
    await expect(page.getByRole('link', { name: 'Log in to play' })).toBeVisible();
  });
});
