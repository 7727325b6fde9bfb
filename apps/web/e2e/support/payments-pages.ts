import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { join } from 'node:path';
import { SCREENSHOTS } from './state.js';

/** The phone the suite is designed for (the playwright project's settings), for a second person's browser. */
export const PHONE = {
  viewport: { width: 360, height: 640 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
} as const;

/** A second, separate browser (its own cookies and session storage) at phone size. */
export function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, baseURL });
}

/** Signs in through the /login screen and waits for the role's home. */
export async function logIn(page: Page, email: string, password: string, home: RegExp): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Gmail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(home);
}

/** A full-page screenshot under artifacts/screenshots/payments-{name}.png. */
export async function shoot(page: Page, name: string): Promise<void> {
  // Let toasts and images settle so the picture shows what a person sees.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: join(SCREENSHOTS, `payments-${name}.png`), fullPage: true });
}
