import { expect, test } from '@playwright/test';
import pg from 'pg';
import { currentPeriod, nextPeriodId } from '../../../libs/domain/src/index.js';
import { shoot } from './support/game-pages.js';
import { e2eState } from './support/state.js';

/** The committed hash the engine stored for a period (secret while the period before it runs). */
async function storedHash(databaseUrl: string, periodId: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ seed_hash: string }>('SELECT seed_hash FROM periods WHERE id = $1', [periodId]);
    return rows[0]?.seed_hash;
  } finally {
    await client.end();
  }
}

test('the fairness page says what the chain proves, and never shows the running period’s seed before its lock', async ({ page }) => {
  test.setTimeout(90_000);
  const { databaseUrl } = e2eState();
  // Early enough in a round that the lookups below finish before its lock.
  let running = currentPeriod(Date.now());
  if (running.lockTime - Date.now() < 15_000) {
    await page.waitForTimeout(running.endTime - Date.now() + 1_000);
    running = currentPeriod(Date.now());
  }
  const next = nextPeriodId(running.periodId);
  // The engine opens the next period ahead; its committed hash IS the running period's seed.
  await expect.poll(() => storedHash(databaseUrl, next), { timeout: 10_000 }).toMatch(/^[0-9a-f]{64}$/);
  const runningSeed = (await storedHash(databaseUrl, next))!;

  // Every API response the page receives, to search for the secret afterwards.
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/')) bodies.push(response.text().catch(() => ''));
  });
  await page.goto('/fairness');
  const proves = page.getByRole('region', { name: 'What the chain proves, and what it does not' });
  await expect(proves).toContainText('every result was fixed before any bet was seen');
  await expect(proves).toContainText('We, the operator, hold the seeds that are not revealed yet');
  await expect(proves).toContainText('recorded as refunded without a chain index and uses no seed');
  await expect(page.getByTestId('commitment')).toHaveText(/^[0-9a-f]{64}$/);

  const lookup = page.getByRole('form', { name: 'Look up an older period' });
  await lookup.getByLabel('Period id').fill(next);
  await lookup.getByRole('button', { name: 'Look up and verify' }).click();
  await expect(lookup).toContainText(`Period ${next} is not drawn yet; its committed hash is published once the period before it has been drawn.`);
  await lookup.getByLabel('Period id').fill(running.periodId);
  await lookup.getByRole('button', { name: 'Look up and verify' }).click();
  await expect(lookup).toContainText(`Period ${running.periodId} is not drawn yet; its committed hash is `);
  await shoot(page, 'fairness-running-period', true);

  expect((await page.content()).toLowerCase()).not.toContain(runningSeed);
  const received = await Promise.all(bodies);
  expect(received.length).toBeGreaterThanOrEqual(3);
  for (const body of received) expect(body.toLowerCase()).not.toContain(runningSeed);
  expect(Date.now()).toBeLessThan(running.lockTime);
});
