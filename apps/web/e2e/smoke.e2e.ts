import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { SCREENSHOTS } from './support/state.js';

test.describe('smoke: the public pages at phone size', () => {
  test('landing page shows the marketing bullets, how to play and the games with the way in', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByText(/how to play/i).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in to play' })).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOTS, 'smoke-landing.png'), fullPage: true });
  });

  test('terms page states every rule', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    for (const text of [/18\+/, /30 seconds/, /18% GST/i, /permanent ban/i, /freeze/i]) {
      await expect(page.getByText(text).first()).toBeVisible();
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'smoke-terms.png'), fullPage: true });
  });

  test('an unknown route shows the 404 page with a way back', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Page Not Found')).toBeVisible();
    const back = page.getByRole('link', { name: /back|home/i });
    await expect(back).toHaveAttribute('href', '/');
    await page.screenshot({ path: join(SCREENSHOTS, 'smoke-404.png'), fullPage: true });
    await back.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a signed-out visitor is sent from a protected route to /login', async ({ page }) => {
    await page.goto('/wallet');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the server answers health and the web manifest', async ({ request }) => {
    const health = await request.get('/api/v1/health');
    expect(health.ok()).toBe(true);
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.ok()).toBe(true);
    expect((await manifest.json()).display).toBe('standalone');
  });
});
