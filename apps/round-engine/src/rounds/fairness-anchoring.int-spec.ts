import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Registry } from 'prom-client';
import { BetProcessorService } from '../bets/bet-processor.service.js';
import type { BetProof, FairnessInfo, FairnessPeriodData, FairnessStats } from '@app/contracts';
import {
  BET_MESSAGES,
  betLeafHash,
  drawResult,
  hashSeed,
  housePaysByDigit,
  nextPeriodId,
  paiseToRupees,
  resultFromDigit,
  roundTimeMs,
  verifyInclusion,
  verifyPeriodBeacon,
  type BeaconChain,
  type GameKey,
  type PeriodTimes,
} from '@app/domain';
import { COMMITMENTS_ROOM } from '@app/realtime';
import {
  balanceOf,
  BetSender,
  createUser,
  eventually,
  expectLedgerReconciles,
  freshPeriod,
  MessageLog,
  periodStatus,
  sleep,
  startTestApi,
  startTestEngine,
  testBeacon,
  type TestApi,
  type TestEngine,
  type TestUser,
} from '@app/testing';

// A chain of 10 seeds: it runs out within a minute, so the roll-over to the next (announced) chain happens here too.
const ROUNDS = {
  ROUND_SECONDS: '4',
  LOCK_SECONDS: '1',
  BET_PARTITIONS: '2',
  FAIRNESS_CHAIN_LENGTH: '10',
  BEACON_WAIT_MS: '1500',
  LEASE_TTL_MS: '600',
};
const periodConfig = { roundSeconds: 4, lockSeconds: 1 };
const next = (id: string) => nextPeriodId(id, periodConfig);

describe('fairness anchored: public randomness, committed bets, no voiding of a known result, one failure never stops the game', () => {
  let api: TestApi;
  let engine: TestEngine;
  let sender: BetSender;
  let log: MessageLog;
  let beacon: Awaited<ReturnType<typeof testBeacon>>;
  const started = Date.now();

  const status = (id: string) => periodStatus(api.db, id);
  const final = (id: string, ms = 15_000) =>
    eventually(
      async () => ['SETTLED', 'REFUNDED'].includes((await status(id)) ?? '') && (await status(id)),
      ms,
      `period ${id} settled or refunded`,
    );
  const metric = async (line: RegExp) =>
    Number(
      (await engine.app.get(Registry).metrics())
        .split('\n')
        .find((l) => line.test(l))
        ?.split(' ')
        .at(-1) ?? NaN,
    );
  const fairness = async <T>(path: string, token?: string): Promise<T> => {
    const res = await api.request('GET', `/api/v1${path}`, { token });
    expect(res.status).toBe(200);
    return res.body.data as T;
  };
  const bet = (userId: string, periodId: string, game: GameKey, choice: string, paise: number) =>
    sender.send(sender.command(userId, periodId, game, choice, paise));

  beforeAll(async () => {
    api = await startTestApi({ env: ROUNDS });
    engine = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX },
    });
    beacon = await testBeacon();
    sender = new BetSender(api.config.REDIS_PREFIX, 2);
    log = new MessageLog(api.config.REDIS_PREFIX);
    await log.start();
    // The first test's bets are sent at once: both partitions' consumers must be running first.
    await eventually(
      async () => engine.app.get(BetProcessorService).ledPartitions.length === 2,
      30_000,
      'both partitions led',
    );
  });
  afterEach(async () => {
    beacon.setMode('normal');
    await expectLedgerReconciles(api.db);
  });
  afterAll(async () => {
    await log.stop();
    sender.close();
    await engine.close();
    await api.close();
  });

  it("commits each period's bets at the lock; a player's proof reaches the published root, and a bet added after the lock breaks it", async () => {
    // Two players bet in a period just started (2.5 s of its 3-s betting window left). On a box busy enough that the
    // engine reaches them only past the lock (or before its clock opened the period), they are refused for the time
    // alone: two new players try the next period. Any other refusal fails here with its message.
    const TIMING = [BET_MESSAGES.bettingClosed, BET_MESSAGES.noPeriod, BET_MESSAGES.periodNotOpen];
    let placed: { a: TestUser; b: TestUser; clean: PeriodTimes } | undefined;
    for (let attempt = 0; attempt < 3 && !placed; attempt++) {
      const [a, b] = [await createUser(api, { main: 50_000 }), await createUser(api, { main: 50_000 })];
      const clean = await freshPeriod(periodConfig, 2500);
      await bet(a.id, clean.periodId, 'color', 'red', 1_000);
      await bet(b.id, clean.periodId, 'number', '7', 5_000);
      await eventually(
        async () => log.to(a.id, 'bet-message').length === 1 && log.to(b.id, 'bet-message').length === 1,
        3000,
        'bets placed',
      );
      const answers = [a, b].map((p) => log.to(p.id, 'bet-message')[0]!.data as { success: boolean; message: string });
      if (answers.every((m) => m.success)) placed = { a, b, clean };
      else for (const m of answers) if (!m.success) expect(TIMING).toContain(m.message);
    }
    expect(placed).toBeDefined();
    const { a, b, clean } = placed!;
    const [committed] = await eventually(
      async () => {
        const m = log
          .toRoom(COMMITMENTS_ROOM, 'bets-committed')
          .filter((c) => (c.data as any).periodId === clean.periodId);
        return m.length > 0 && m;
      },
      5000,
      'bets committed',
    );
    expect(committed!.data).toMatchObject({ count: 2, root: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await final(clean.periodId);
    const { period } = await fairness<FairnessPeriodData>(`/fairness/periods/${clean.periodId}`);
    expect(period.bets).toMatchObject({ root: (committed!.data as any).root, count: 2 });
    // The root was recorded at the lock, before the period was drawn.
    const row = await api.db
      .selectFrom('periods')
      .select(['bets_committed_at', 'drawn_at', 'lock_at'])
      .where('id', '=', clean.periodId)
      .executeTakeFirstOrThrow();
    expect(row.bets_committed_at!.getTime()).toBeGreaterThanOrEqual(row.lock_at.getTime());
    expect(row.bets_committed_at!.getTime()).toBeLessThanOrEqual(row.drawn_at!.getTime());
    const aBet = await api.db
      .selectFrom('bets')
      .select(['id', 'amount'])
      .where('user_id', '=', a.id)
      .executeTakeFirstOrThrow();
    const proof = await fairness<BetProof>(`/bet/${aBet.id}/proof`, a.token);
    expect(proof.leaf).toMatchObject({ betId: aBet.id, game: 'color', choice: 'red', stakePaise: 1_000 });
    const leafHash = betLeafHash({ ...proof.leaf, stake: proof.leaf.stakePaise });
    expect(
      verifyInclusion({
        leafHash,
        index: proof.index,
        size: period.bets!.count,
        proof: proof.proof,
        root: period.bets!.root,
      }),
    ).toBe(true);
    // Another player's bet is not theirs to prove.
    expect((await api.request('GET', `/api/v1/bet/${aBet.id}/proof`, { token: b.token })).status).toBe(404);

    // The next period: an insider adds a winning bet after the lock (straight into the database).
    const tampered = await freshPeriod(periodConfig, 1500);
    await bet(a.id, tampered.periodId, 'bigSmall', 'big', 5_000);
    await eventually(async () => log.to(a.id, 'bet-message').length === 2, 3000, 'bet placed');
    await eventually(
      async () =>
        (
          await api.db
            .selectFrom('periods')
            .select('bets_root')
            .where('id', '=', tampered.periodId)
            .executeTakeFirstOrThrow()
        ).bets_root,
      5000,
      'committed',
    );
    const published = (await api.db
      .selectFrom('periods')
      .select(['bets_root', 'bets_count'])
      .where('id', '=', tampered.periodId)
      .executeTakeFirstOrThrow())!;
    await sql`
      INSERT INTO bets (id, user_id, period_id, bet_type, bet_value, amount, status, is_win, placed_at)
      VALUES (${randomUUID()}, ${b.id}, ${tampered.periodId}, 'number', '3', 100000, 'COMPLETED', false, now())
    `.execute(api.db);
    await final(tampered.periodId);
    const aTampered = await api.db
      .selectFrom('bets')
      .select('id')
      .where('user_id', '=', a.id)
      .where('period_id', '=', tampered.periodId)
      .executeTakeFirstOrThrow();
    const broken = await fairness<BetProof>(`/bet/${aTampered.id}/proof`, a.token);
    // The proof built from the bets as they are now no longer reaches the root published at the lock.
    expect(broken.root).toBe(published.bets_root);
    const brokenLeaf = betLeafHash({ ...broken.leaf, stake: broken.leaf.stakePaise });
    expect(
      verifyInclusion({
        leafHash: brokenLeaf,
        index: broken.index,
        size: published.bets_count!,
        proof: broken.proof,
        root: published.bets_root!,
      }),
    ).toBe(false);
    expect(broken.size).toBe(published.bets_count! + 1);
  });

  it('refunds a period whose beacon does not come (relays down or forged) as beacon-unavailable, records what it would have drawn, and the game goes on', async () => {
    // Two players whose ids share their first 8 hex digits: their refund receipts must not collide.
    const prefix = randomUUID().slice(0, 8);
    const twin = (n: string) => `${prefix}-${randomUUID().slice(9, 23)}-${n.padStart(12, '0')}`;
    const [p, q] = [
      await createUser(api, { id: twin('1'), main: 20_000, bonus: 500 }),
      await createUser(api, { id: twin('2'), main: 20_000 }),
    ];
    const missedBefore = (await metric(/^wr_beacon_rounds\{[^}]*result="missed"/)) || 0;
    const period = await freshPeriod(periodConfig, 1500);
    await bet(p.id, period.periodId, 'color', 'green', 1_000);
    await bet(q.id, period.periodId, 'color', 'red', 5_000);
    await eventually(
      async () => log.to(p.id, 'bet-message').length === 1 && log.to(q.id, 'bet-message').length === 1,
      3000,
      'bets placed',
    );
    // The relays forge the round this period mixes in (signed by another key), then go down.
    await sleep(period.lockTime - 300 - Date.now());
    beacon.setMode('forged');
    await sleep(period.endTime + 200 - Date.now());
    beacon.setMode('down');
    expect(await final(period.periodId)).toBe('REFUNDED');
    const row = await api.db
      .selectFrom('periods')
      .selectAll()
      .where('id', '=', period.periodId)
      .executeTakeFirstOrThrow();
    expect(row.refund_reason).toBe('beacon-unavailable');
    expect([row.digit, row.beacon_round]).toEqual([null, null]);
    expect(row.seed).not.toBeNull();
    expect(await balanceOf(api.db, p.id)).toEqual({ main: 20_000, bonus: 500 });
    expect(await balanceOf(api.db, q.id)).toEqual({ main: 20_000, bonus: 0 });
    const receipts = await api.db
      .selectFrom('transactions')
      .select(['transaction_id', 'user_id', 'description'])
      .where('type', '=', 'REFUND')
      .where('user_id', 'in', [p.id, q.id])
      .execute();
    expect(receipts).toHaveLength(2);
    expect(new Set(receipts.map((r) => r.transaction_id)).size).toBe(2);
    expect(receipts[0]!.description).toBe(
      `Refund of bets in period ${period.periodId}, which could not be drawn: its public randomness did not arrive in time`,
    );
    await eventually(
      async () =>
        log
          .to(p.id, 'bet-message')
          .some(
            (m) =>
              (m.data as any).message ===
              `Period ${period.periodId} could not be drawn: its public randomness did not arrive in time, so your bets were refunded.`,
          ),
      5000,
      'refund notice',
    );
    expect(await metric(/^wr_beacon_rounds\{[^}]*result="missed"/)).toBeGreaterThan(missedBefore);
    // The relays come back: the result it would have had is recorded, from its seed and the genuine round.
    beacon.setMode('normal');
    const voided = await eventually(
      async () => {
        const r = await api.db
          .selectFrom('periods')
          .selectAll()
          .where('id', '=', period.periodId)
          .executeTakeFirstOrThrow();
        return r.void_digit !== null && r;
      },
      8000,
      'the would-be result',
    );
    const round = {
      round: Number(voided.beacon_round),
      randomness: voided.beacon_randomness!,
      signature: voided.beacon_signature!,
    };
    await expect(verifyPeriodBeacon(beacon.chain, voided.lock_at.getTime(), round)).resolves.toEqual({ ok: true });
    expect(voided.void_digit).toBe(drawResult(voided.seed!, voided.id, round.randomness).digit);
    // What it would have paid: the pay-out of each choice the would-be digit makes win.
    const wouldPay = housePaysByDigit([
      { game: 'color', choice: 'green', bets: 1, stakes: 1_000, pays: 1_820 },
      { game: 'color', choice: 'red', bets: 1, stakes: 5_000, pays: 9_100 },
    ])[voided.void_digit!];
    expect(Number(voided.void_pays)).toBe(wouldPay);
    // The game went on: the next periods are drawn from genuine rounds and settled.
    await final(next(next(period.periodId)), 15_000);
    expect(await status(next(next(period.periodId)))).toBe('SETTLED');
    // The public record shows it, with what drawing it would have cost or saved the house.
    const info = await fairness<FairnessInfo>('/fairness');
    expect(info.refunds.byReason['beacon-unavailable']).toBeGreaterThanOrEqual(1);
    expect(info.refunds.known).toBeGreaterThanOrEqual(1);
    const listed = info.recent.find((r) => r.periodId === period.periodId);
    expect(listed).toMatchObject({
      status: 'REFUNDED',
      refundReason: 'beacon-unavailable',
      voidResult: resultFromDigit(voided.void_digit!),
      stakes: 60,
    });
  });

  it("one period's failing step never stops the others: later periods open, draw and settle, an alert metric fires, and it recovers", async () => {
    const player = await createUser(api, { main: 20_000 });
    const period = await freshPeriod(periodConfig, 1500);
    await bet(player.id, period.periodId, 'bigSmall', 'small', 1_000);
    await eventually(async () => log.to(player.id, 'bet-message').length === 1, 3000, 'bet placed');
    const failuresBefore = (await metric(/^wr_period_step_failures_total/)) || 0;
    // Every write to this period fails (its commitment, its draw, its refund), as a receipt collision once did.
    await sql
      .raw(
        `CREATE TRIGGER period_${period.periodId}_stuck BEFORE UPDATE ON periods FOR EACH ROW WHEN (OLD.id = '${period.periodId}') EXECUTE FUNCTION forbid_change()`,
      )
      .execute(api.db);
    try {
      const later = next(next(period.periodId));
      await final(later, 20_000);
      expect(await status(later)).toBe('SETTLED');
      expect(await status(next(period.periodId))).toBe('SETTLED');
      expect(await status(period.periodId)).toBe('OPEN');
      expect(await metric(/^wr_period_step_failures_total/)).toBeGreaterThan(failuresBefore);
      expect(await metric(/^wr_periods_undrawn/)).toBeGreaterThan(0);
    } finally {
      await sql.raw(`DROP TRIGGER period_${period.periodId}_stuck ON periods`).execute(api.db);
    }
    // Once it can be written, it is refunded (it missed its round); the stake goes back.
    expect(await final(period.periodId)).toBe('REFUNDED');
    expect(
      (
        await api.db
          .selectFrom('periods')
          .select('refund_reason')
          .where('id', '=', period.periodId)
          .executeTakeFirstOrThrow()
      ).refund_reason,
    ).toBe('not-drawn');
    expect(await balanceOf(api.db, player.id)).toEqual({ main: 20_000, bonus: 0 });
    await eventually(async () => (await metric(/^wr_periods_undrawn/)) === 0, 5000, 'nothing undrawn');
  });

  it('publishes what the house would pay for each digit once settled, and statistics over the last periods', async () => {
    const player = await createUser(api, { main: 50_000 });
    const period = await freshPeriod(periodConfig, 1500);
    await bet(player.id, period.periodId, 'number', '4', 1_000);
    await bet(player.id, period.periodId, 'bigSmall', 'big', 5_000);
    await eventually(async () => log.to(player.id, 'bet-message').length === 2, 3000, 'bets placed');
    // Before it is settled, its exposure is not public.
    expect(
      (await fairness<FairnessPeriodData>(`/fairness/periods/${period.periodId}`)).period.housePays,
    ).toBeUndefined();
    await final(period.periodId);
    const { period: settled } = await fairness<FairnessPeriodData>(`/fairness/periods/${period.periodId}`);
    const expected = housePaysByDigit([
      { game: 'number', choice: '4', bets: 1, stakes: 1_000, pays: 7_560 },
      { game: 'bigSmall', choice: 'big', bets: 1, stakes: 5_000, pays: 9_100 },
    ]).map(paiseToRupees);
    expect(settled.housePays).toEqual(expected);
    expect(settled.stakes).toBe(60);
    const stats = await fairness<FairnessStats>('/fairness/stats');
    expect(stats.windows.map((w) => w.window)).toEqual([1000, 10_000]);
    const window = stats.windows[0]!;
    expect(window.periods).toBeGreaterThan(0);
    expect(window.cheapest).toMatchObject({ n: expect.any(Number), value: expect.any(Number) });
    const big = window.returns.find((r) => r.game === 'bigSmall' && r.choice === 'big')!;
    expect(big.expected).toBeCloseTo(0.91);
    expect(big.stakes).toBeGreaterThanOrEqual(50);
    expect(window.returns).toHaveLength(15);
  });

  it('rolls over to the next chain, announced with its first period before that period began, and each seed walks back to its own commitment', async () => {
    const chains = await eventually(
      async () => {
        const rows = await api.db.selectFrom('fairness_chains').selectAll().orderBy('id').execute();
        const second = rows[1];
        if (!second) return undefined;
        const first = await api.db
          .selectFrom('periods')
          .select('status')
          .where('id', '=', second.first_period_id!)
          .executeTakeFirst();
        return first?.status === 'SETTLED' || first?.status === 'REFUNDED' ? rows : undefined;
      },
      70_000 - (Date.now() - started),
      'the second chain in use',
    );
    const [one, two] = chains as [(typeof chains)[number], (typeof chains)[number]];
    const firstOfTwo = await api.db
      .selectFrom('periods')
      .selectAll()
      .where('id', '=', two.first_period_id!)
      .executeTakeFirstOrThrow();
    // Announced before its first period started, with that period named.
    expect(two.announced_at.getTime()).toBeLessThan(firstOfTwo.start_at.getTime());
    expect([firstOfTwo.chain_id, firstOfTwo.chain_index]).toEqual([two.id, 1]);
    expect(firstOfTwo.seed_hash).toBe(two.commitment);
    expect(hashSeed(firstOfTwo.seed!)).toBe(two.commitment);
    // The last period of the first chain walks back to the first commitment.
    const lastOfOne = await api.db
      .selectFrom('periods')
      .selectAll()
      .where('chain_id', '=', one.id)
      .orderBy('chain_index', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    let link = lastOfOne.seed!;
    for (let i = 0; i < lastOfOne.chain_index; i++) link = hashSeed(link);
    expect(link).toBe(one.commitment);
    // The page lists both commitments with when they were announced; neither was announced 24 hours ahead here.
    const info = await fairness<FairnessInfo>('/fairness');
    const listed = info.chains.filter((c) => [one.id, two.id].includes(c.id));
    expect(listed.map((c) => [c.id, c.commitment, c.announcedInTime])).toEqual([
      [two.id, two.commitment, false],
      [one.id, one.commitment, false],
    ]);
    expect(listed[0]).toMatchObject({ firstPeriodId: two.first_period_id, coveredFrom: two.first_period_id });
    // A period of the second chain verifies from its seed and beacon round alone, against its own commitment.
    const { period, beacon: beaconInfo } = await fairness<FairnessPeriodData>(`/fairness/periods/${firstOfTwo.id}`);
    expect(period.commitment).toBe(two.commitment);
    if (period.status === 'SETTLED') {
      const chain: BeaconChain = {
        hash: beaconInfo!.chainHash,
        publicKey: beaconInfo!.publicKey,
        genesisTime: beaconInfo!.genesisTime,
        period: beaconInfo!.period,
        scheme: beaconInfo!.scheme,
      };
      await expect(verifyPeriodBeacon(chain, Date.parse(period.lockTime), period.beacon!)).resolves.toEqual({
        ok: true,
      });
      expect(drawResult(period.seed!, period.periodId, period.beacon!.randomness).digit).toBe(period.digit);
      expect(roundTimeMs(chain, period.beacon!.round)).toBeGreaterThanOrEqual(Date.parse(period.lockTime));
    }
  });
});
