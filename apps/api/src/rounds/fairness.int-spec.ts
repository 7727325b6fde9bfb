import { randomBytes } from 'node:crypto';
import { chainCommitment, drawResult, periodInfo, seedAt } from '@app/domain';
import type { PeriodStatus } from '@app/db';
import { recordTestChain, startTestApi, type TestApi } from '@app/testing';

const LENGTH = 20;
/** Five consecutive 30-second periods of a day long past (the api runs with the default round length). */
const IDS = ['202601010001', '202601010002', '202601010003', '202601010004', '202601010005'];

/**
 * What the fairness endpoints show of each period, from rows as the round engine writes them (migration 0015): a
 * committed hash only once the period before it in the chain was drawn or refunded (before that it is not stored at
 * all), a seed once its own period was drawn or refunded.
 */
describe('fairness endpoints: what is public of a period', () => {
  let api: TestApi;
  let chainId: number;
  const tip = randomBytes(32).toString('hex');
  const seed = (k: number) => seedAt(tip, LENGTH, k);

  const statuses = new Map<number, PeriodStatus>();
  async function insert(k: number, status: PeriodStatus) {
    const id = IDS[k - 1]!;
    const info = periodInfo(id);
    const drawn = status === 'DRAWN' || status === 'SETTLED';
    const result = drawResult(seed(k), id);
    const hashPublic = k === 1 || (statuses.get(k - 1) ?? 'OPEN') !== 'OPEN';
    statuses.set(k, status);
    await api.db
      .insertInto('periods')
      .values({
        id,
        start_at: new Date(info.startTime),
        lock_at: new Date(info.lockTime),
        end_at: new Date(info.endTime),
        status,
        chain_id: chainId,
        chain_index: k,
        seed_hash: hashPublic ? seed(k - 1) : null,
        ...(drawn
          ? {
              seed: seed(k),
              digit: result.digit,
              color: result.color,
              big_small: result.bigSmall,
              drawn_at: new Date(info.endTime),
            }
          : {}),
        ...(status === 'REFUNDED' ? { seed: seed(k), refund_reason: 'not-drawn' as const } : {}),
      })
      .execute();
  }
  const period = async (id: string) => {
    const response = await api.request('GET', `/api/v1/fairness/periods/${id}`);
    expect(response.status).toBe(200);
    return response.body.data.period;
  };

  beforeAll(async () => {
    api = await startTestApi();
    ({ id: chainId } = await recordTestChain(api.db, {
      commitment: chainCommitment(tip, LENGTH),
      length: LENGTH,
      firstPeriodId: IDS[0],
    }));
    // 1 drawn, 2 refunded (the engine was down through it), 3 running, 4 opened ahead.
    await insert(1, 'SETTLED');
    await insert(2, 'REFUNDED');
    await insert(3, 'OPEN');
    await insert(4, 'OPEN');
  });
  afterAll(() => api.close());

  it('shows a drawn period with its seed, its hash (the commitment for the first) and its result', async () => {
    const result = drawResult(seed(1), IDS[0]!);
    const times = (id: string) => ({
      lockTime: new Date(periodInfo(id).lockTime).toISOString(),
      endTime: new Date(periodInfo(id).endTime).toISOString(),
    });
    expect(await period(IDS[0]!)).toEqual({
      periodId: IDS[0],
      status: 'SETTLED',
      chainId,
      chainIndex: 1,
      ...times(IDS[0]!),
      seed: seed(1),
      seedHash: seed(0),
      commitment: seed(0),
      digit: result.digit,
      color: result.color,
      bigSmall: result.bigSmall,
      drawnAt: new Date(periodInfo(IDS[0]!).endTime).toISOString(),
    });
  });

  it('shows a refunded period with its seed (the next period’s committed hash) and no result', async () => {
    expect(await period(IDS[1]!)).toMatchObject({
      periodId: IDS[1],
      status: 'REFUNDED',
      chainIndex: 2,
      seed: seed(2),
      seedHash: seed(1),
      commitment: seed(0),
      refundReason: 'not-drawn',
    });
    expect(await period(IDS[1]!)).not.toHaveProperty('digit');
  });

  it('shows the running period’s hash only once the period before it was drawn or refunded, and never its seed', async () => {
    expect(await period(IDS[2]!)).toMatchObject({
      periodId: IDS[2],
      status: 'OPEN',
      chainIndex: 3,
      seedHash: seed(2),
      commitment: seed(0),
    });
    expect(await period(IDS[2]!)).not.toHaveProperty('seed');
    // Opened ahead while 3 runs: its hash would be seed[3], which draws the running period.
    const ahead = await period(IDS[3]!);
    expect(ahead).toMatchObject({ periodId: IDS[3], status: 'OPEN', chainIndex: 4, commitment: seed(0) });
    expect(ahead).not.toHaveProperty('seedHash');
    expect(JSON.stringify(ahead)).not.toContain(seed(3));
    // The list and the running-period hash read the same view.
    const info = await api.request('GET', '/api/v1/fairness');
    expect(JSON.stringify(info.body)).not.toContain(seed(3));
    expect(
      info.body.data.recent.map((p: { periodId: string; status: string; seed?: string }) => [
        p.periodId,
        p.status,
        p.seed,
      ]),
    ).toEqual([
      [IDS[1], 'REFUNDED', seed(2)],
      [IDS[0], 'SETTLED', seed(1)],
    ]);

    // Refunding 3 reveals its seed and, in the same transaction, 4's committed hash (as the engine writes them).
    await api.db
      .updateTable('periods')
      .set({ status: 'REFUNDED', seed: seed(3) })
      .where('id', '=', IDS[2]!)
      .execute();
    await api.db
      .updateTable('periods')
      .set({ seed_hash: seed(3) })
      .where('id', '=', IDS[3]!)
      .execute();
    expect(await period(IDS[3]!)).toMatchObject({ status: 'OPEN', seedHash: seed(3) });
    expect(await period(IDS[2]!)).toMatchObject({ status: 'REFUNDED', seed: seed(3) });
  });

  it('never gives a refunded period’s chain index to another period (its seed is public)', async () => {
    const info = periodInfo(IDS[4]!);
    await expect(
      api.db
        .insertInto('periods')
        .values({
          id: IDS[4]!,
          start_at: new Date(info.startTime),
          lock_at: new Date(info.lockTime),
          end_at: new Date(info.endTime),
          chain_id: chainId,
          chain_index: 2,
          seed_hash: seed(1),
        })
        .execute(),
    ).rejects.toThrow(/periods_chain_index_uq/);
  });

  it('answers an unknown or malformed period id with 404', async () => {
    for (const id of ['209901010001', 'x', '2026010100010']) {
      const response = await api.request('GET', `/api/v1/fairness/periods/${id}`);
      expect([response.status, response.body.message]).toEqual([404, 'Period not found.']);
    }
  });
});
