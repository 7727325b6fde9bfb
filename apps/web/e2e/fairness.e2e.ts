import { expect, test } from '@playwright/test';
import pg from 'pg';
import { currentPeriod, nextPeriodId } from '../../../libs/domain/src/index.js';
import { shoot } from './support/game-pages.js';
import { e2eState } from './support/state.js';

/** A period's row as the engine stored it: its seed (once revealed) and committed hash (once public). */
async function stored(
  databaseUrl: string,
  periodId: string,
): Promise<{ seed: string | null; seed_hash: string | null; status: string } | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ seed: string | null; seed_hash: string | null; status: string }>(
      'SELECT seed, seed_hash, status FROM periods WHERE id = $1',
      [periodId],
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

test('the fairness page says what each step proves, and nothing shows the running period’s seed before its lock', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { databaseUrl } = e2eState();
  // Early enough in a round that the lookups below finish before its lock.
  let running = currentPeriod(Date.now());
  if (running.lockTime - Date.now() < 15_000) {
    await page.waitForTimeout(running.endTime - Date.now() + 1_000);
    running = currentPeriod(Date.now());
  }
  const next = nextPeriodId(running.periodId);
  // The engine opens the next period ahead, but its committed hash (the running period's seed) is not even stored yet.
  await expect.poll(async () => (await stored(databaseUrl, next))?.status, { timeout: 10_000 }).toBe('OPEN');
  expect((await stored(databaseUrl, next))?.seed_hash).toBeNull();

  // Every API response the page receives, to search for the secret once it is revealed.
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/')) bodies.push(response.text().catch(() => ''));
  });
  await page.goto('/fairness');
  const chain = page.getByRole('region', { name: 'Were the results fixed before I bet?' });
  await expect(chain).toContainText('Every result of a chain was fixed before its commitment was published');
  await expect(page.getByTestId('commitment')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(
    page.getByRole('region', { name: 'Could anyone, even WinRound, know a result before betting closed?' }),
  ).toContainText('a local test beacon');

  const lookup = page.getByRole('form', { name: 'Look up a period' });
  await lookup.getByLabel('Period id').fill(next);
  await lookup.getByRole('button', { name: 'Look up and verify' }).click();
  await expect(lookup).toContainText(
    `Period ${next} is not drawn yet. Its committed hash is published once the period before it has been drawn.`,
  );
  await lookup.getByLabel('Period id').fill(running.periodId);
  await lookup.getByRole('button', { name: 'Look up and verify' }).click();
  await expect(lookup).toContainText(`Period ${running.periodId} is not drawn yet.`);
  await expect(lookup.getByText('Committed hash')).toBeVisible();
  await shoot(page, 'fairness-running-period', true);
  const content = (await page.content()).toLowerCase();
  const received = await Promise.all(bodies);
  expect(Date.now()).toBeLessThan(running.lockTime);

  // Once drawn, its seed is public: it was in nothing the page had received before the lock.
  const runningSeed = await expect
    .poll(async () => (await stored(databaseUrl, running.periodId))?.seed ?? null, {
      timeout: running.endTime - Date.now() + 15_000,
    })
    .toMatch(/^[0-9a-f]{64}$/)
    .then(async () => (await stored(databaseUrl, running.periodId))!.seed!);
  expect(content).not.toContain(runningSeed);
  expect(received.length).toBeGreaterThanOrEqual(3);
  for (const body of received) expect(body.toLowerCase()).not.toContain(runningSeed);
});
