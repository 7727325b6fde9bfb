import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Registry } from 'prom-client';
import { Redis } from 'ioredis';
import {
  drawResult,
  hashSeed,
  paiseToRupees,
  roundTimeMs,
  settleBet,
  verifyPeriodBeacon,
  type GameKey,
} from '@app/domain';
import { TEST_REDIS_URL } from '@app/redis/testing';
import { COMMAND_FIELD, COMMITMENTS_ROOM, encodeCommand } from '@app/realtime';
import {
  balanceOf,
  BetSender,
  testBeacon,
  createUser,
  eventually,
  expectLedgerReconciles,
  freshPeriod,
  MessageLog,
  nextPeriod,
  periodStatus,
  sleep,
  startTestApi,
  startTestEngine,
  TEST_API_KEY,
  type TestApi,
  type TestEngine,
} from '@app/testing';
import { BetBatchService } from '@app/bets';
import { BetProcessorService } from '../bets/bet-processor.service.js';
import { ResultsPublisher } from './results-publisher.js';
import { RoundClockService } from './round-clock.service.js';

const ROUNDS = {
  ROUND_SECONDS: '4',
  LOCK_SECONDS: '1',
  BET_PARTITIONS: '2',
  LEASE_TTL_MS: '600',
  FAIRNESS_CHAIN_LENGTH: '3000',
};
const periodConfig = { roundSeconds: 4, lockSeconds: 1 };
const settled = (db: TestApi['db'], id: string) =>
  eventually(async () => (await periodStatus(db, id)) === 'SETTLED', 20_000, `period ${id} settled`);

describe('round engine: rounds, bets and settlement', () => {
  let api: TestApi;
  let engine: TestEngine;
  let sender: BetSender;
  let log: MessageLog;

  beforeAll(async () => {
    api = await startTestApi({ env: ROUNDS });
    engine = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX },
    });
    sender = new BetSender(api.config.REDIS_PREFIX, 2);
    log = new MessageLog(api.config.REDIS_PREFIX);
    await log.start();
  });
  afterEach(() => expectLedgerReconciles(api.db));
  afterAll(async () => {
    await log.stop();
    sender.close();
    await engine.close();
    await api.close();
  });

  it('opens each period with its committed seed hash, draws it from the chain mixed with its beacon round and publishes the result', async () => {
    const period = await nextPeriod(periodConfig);
    await settled(api.db, period.periodId);
    const row = await api.db
      .selectFrom('periods')
      .selectAll()
      .where('id', '=', period.periodId)
      .executeTakeFirstOrThrow();
    const chain = await api.db
      .selectFrom('fairness_chains')
      .selectAll()
      .where('id', '=', row.chain_id)
      .executeTakeFirstOrThrow();
    // The revealed seed hashes to the hash committed before the period opened, and, mixed with the first beacon round
    // at or after the lock (verified against the beacon's key), draws the stored result.
    expect(hashSeed(row.seed!)).toBe(row.seed_hash);
    const beacon = await testBeacon();
    const round = {
      round: Number(row.beacon_round),
      randomness: row.beacon_randomness!,
      signature: row.beacon_signature!,
    };
    expect(row.beacon_chain).toBe(beacon.chain.hash);
    await expect(verifyPeriodBeacon(beacon.chain, row.lock_at.getTime(), round)).resolves.toEqual({ ok: true });
    expect(roundTimeMs(beacon.chain, round.round)).toBeGreaterThanOrEqual(row.lock_at.getTime());
    // Its bets were committed, and the root published, before it was drawn. (With 30-s rounds and quicknet's 3-s
    // rounds the beacon round comes 2 s after the lock, after the commitment; this test's 1-s rounds fall on the lock.)
    expect(row.bets_committed_at!.getTime()).toBeLessThanOrEqual(row.drawn_at!.getTime());
    expect(
      log
        .toRoom(COMMITMENTS_ROOM, 'bets-committed')
        .some((m) => (m.data as any).periodId === period.periodId && (m.data as any).root === row.bets_root),
    ).toBe(true);
    const result = drawResult(row.seed!, row.id, row.beacon_randomness);
    expect([row.digit, row.color, row.big_small]).toEqual([result.digit, result.color, result.bigSmall]);
    // Walking the chain down from the seed reaches the public commitment.
    let link = row.seed!;
    for (let i = 0; i < row.chain_index; i++) link = hashSeed(link);
    expect(link).toBe(chain.commitment);
    expect(
      log
        .broadcasts('next-period-id')
        .some((m) => (m.data as any).periodId === period.periodId && (m.data as any).seedHash === row.seed_hash),
    ).toBe(true);
    expect(
      log
        .broadcasts('game-result')
        .some((m) => (m.data as any).periodId === period.periodId && (m.data as any).seed === row.seed),
    ).toBe(true);
  });

  it('takes stakes bonus first, settles every bet and credits winners net of GST', async () => {
    const player = await createUser(api, { main: 100_000, bonus: 2_000 });
    const period = await freshPeriod(periodConfig, 1500);
    const bets: Array<[GameKey, string, number]> = [
      ['color', 'red', 10_000],
      ['bigSmall', 'big', 5_000],
      ['number', '7', 1_000],
    ];
    for (const [type, value, amount] of bets)
      await sender.send(sender.command(player.id, period.periodId, type, value, amount));
    await eventually(async () => log.to(player.id, 'bet-message').length === 3, 5000, 'bet messages');
    expect(log.to(player.id, 'bet-message').every((m) => (m.data as any).success)).toBe(true);
    expect(await balanceOf(api.db, player.id)).toEqual({ main: 100_000 - 8_000 - 5_000 - 1_000, bonus: 0 });
    // Each answer carries its bet; the period's list is not pushed after every bet (a client asks for it).
    expect(
      log
        .to(player.id, 'bet-message')
        .map((m) => (m.data as any).bet.betType)
        .sort(),
    ).toEqual(['bigSmall', 'color', 'number']);
    expect(log.to(player.id, 'current-bet-response')).toEqual([]);
    // Each bet names the batch's stake entry (BetsPlaced) that took its stake, whose postings moved exactly the
    // player's stakes, bonus first.
    const taken = await sql<{ type: string; account: string; amount: string }>`
      SELECT e.type, p.account, sum(p.amount)::text AS amount FROM events e JOIN ledger_postings p ON p.event_seq = e.seq
      WHERE e.seq IN (SELECT placed_seq FROM bets WHERE user_id = ${player.id}) AND p.account LIKE ${`user:${player.id}:%`}
      GROUP BY 1, 2 ORDER BY 2
    `.execute(api.db);
    expect(taken.rows).toEqual([
      { type: 'BetsPlaced', account: `user:${player.id}:bonus`, amount: '-2000' },
      { type: 'BetsPlaced', account: `user:${player.id}:main`, amount: '-14000' },
    ]);

    await settled(api.db, period.periodId);
    const row = await api.db
      .selectFrom('periods')
      .selectAll()
      .where('id', '=', period.periodId)
      .executeTakeFirstOrThrow();
    const result = { digit: row.digit!, color: row.color!, bigSmall: row.big_small! };
    let credited = 0;
    let toBonus = 0;
    const stored = await api.db.selectFrom('bets').selectAll().where('user_id', '=', player.id).execute();
    for (const [type, value, amount] of bets) {
      const bet = stored.find((b) => b.bet_type === type)!;
      // The win of a stake's bonus-paid part goes back to bonus (play money); the rest to main.
      const expected = settleBet(
        { betType: type, betValue: value, amount, fromBonus: Number(bet.from_bonus) },
        result,
        { gstBps: 1800 },
      );
      expect([bet.status, bet.is_win, bet.win_amount, bet.gst_amount, bet.system_selected_value]).toEqual([
        'COMPLETED',
        expected.isWin,
        expected.net,
        expected.gst,
        expected.systemSelectedValue,
      ]);
      credited += expected.net;
      toBonus += expected.netToBonus;
    }
    expect(await balanceOf(api.db, player.id)).toEqual({ main: 86_000 + credited - toBonus, bonus: toBonus });
    await eventually(async () => log.to(player.id, 'bet-result').length === 3, 5000, 'bet results');
    const results = log.to(player.id, 'bet-result').map((m) => m.data as any);
    expect(results.map((r) => r.winAmount).reduce((a, b) => a + b, 0)).toBeCloseTo(paiseToRupees(credited), 2);
    expect(log.to(player.id, 'balance-update').at(-1)!.data).toEqual({
      balance: paiseToRupees(86_000 + credited),
      mainBalance: paiseToRupees(86_000 + credited - toBonus),
      bonusBalance: paiseToRupees(toBonus),
    });
  });

  it('publishes the results of players online before the others’, from one snapshot of who was online', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const prefix = api.config.REDIS_PREFIX;
      // The players online are those whose ids sort last: the results would otherwise come in user-id order.
      const players = (await Promise.all(Array.from({ length: 6 }, () => createUser(api, { main: 50_000 })))).sort(
        (a, b) => a.id.localeCompare(b.id),
      );
      const online = players.slice(4);
      const isOnline = async (id: string) => {
        for (const node of await redis.zrange(`${prefix}presence:nodes`, '0', '-1'))
          if (await redis.sismember(`${prefix}presence:${node}`, id)) return true;
        return false;
      };
      const sockets = await Promise.all(online.map((p) => api.connect({ apiKey: TEST_API_KEY, token: p.token })));
      await eventually(
        async () => (await Promise.all(online.map((p) => isOnline(p.id)))).every(Boolean),
        5000,
        'players online',
      );

      const period = await freshPeriod(periodConfig, 1500);
      for (const player of players)
        await sender.send(sender.command(player.id, period.periodId, 'color', 'green', 1_000));
      await settled(api.db, period.periodId);
      const results = () =>
        log.messages
          .filter((m) => m.event === 'bet-result' && (m.data as any).bet.periodId === period.periodId)
          .map((m) => m.room);
      await eventually(async () => results().length === 6, 5000, 'results');
      const rooms = (list: typeof players) => new Set(list.map((p) => `user:${p.id}`));
      expect(new Set(results().slice(0, 2))).toEqual(rooms(online));
      expect(new Set(results().slice(2))).toEqual(rooms(players.slice(0, 4)));
      // The snapshot is dropped once every slice went out.
      await eventually(
        async () => (await redis.exists(`${prefix}results-online:${period.periodId}`)) === 0,
        5000,
        'snapshot dropped',
      );

      // One snapshot per period: a publisher coming back to a period gets the same players, whoever came or went.
      const publisher = engine.app.get(ResultsPublisher);
      const later = `${period.periodId}-later`;
      expect((await publisher.onlineFor(later)).sort()).toEqual(online.map((p) => p.id).sort());
      sockets[0]!.disconnect();
      await eventually(async () => !(await isOnline(online[0]!.id)), 5000, 'player gone');
      const extra = await api.connect({ apiKey: TEST_API_KEY, token: players[0]!.token });
      await eventually(() => isOnline(players[0]!.id), 5000, 'player came');
      expect((await publisher.onlineFor(later)).sort()).toEqual(online.map((p) => p.id).sort());
      expect((await publisher.onlineFor(`${later}-2`)).sort()).toEqual([players[0]!.id, online[1]!.id].sort());
      await publisher.forgetOnline(later);
      expect((await publisher.onlineFor(later)).sort()).toEqual([players[0]!.id, online[1]!.id].sort());
      // A node whose presence lapsed counts for nothing; an empty snapshot stays empty.
      const ghost = randomUUID();
      await redis
        .multi()
        .zadd(`${prefix}presence:nodes`, Date.now() - 1000, 'ghost')
        .sadd(`${prefix}presence:ghost`, ghost)
        .exec();
      expect(await publisher.onlineFor(`${later}-3`)).not.toContain(ghost);
      extra.disconnect();
      sockets[1]!.disconnect();
      await eventually(
        async () => !(await isOnline(online[1]!.id)) && !(await isOnline(players[0]!.id)),
        5000,
        'everyone gone',
      );
      expect(await publisher.onlineFor(`${later}-4`)).toEqual([]);
      await api.connect({ apiKey: TEST_API_KEY, token: online[1]!.token });
      await eventually(() => isOnline(online[1]!.id), 5000, 'player back');
      expect(await publisher.onlineFor(`${later}-4`)).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });

  it("keeps each player's answers in a batch together: their bet-messages, then their balance", async () => {
    const players = await Promise.all(Array.from({ length: 3 }, () => createUser(api, { main: 50_000 })));
    const period = await freshPeriod(periodConfig, 2000);
    await eventually(async () => (await periodStatus(api.db, period.periodId)) === 'OPEN', 1000, 'the period opened');
    // Interleaved as they arrive: each player's second bet comes after the others' first, and one is refused.
    const commands = [
      ...players.map((p) => sender.command(p.id, period.periodId, 'color', 'red', 1_000)),
      ...players.map((p) => sender.command(p.id, period.periodId, 'bigSmall', 'big', 5_000)),
      sender.command(players[1]!.id, period.periodId, 'color', 'green', 1_000),
    ];
    const result = await engine.app.get(BetBatchService).apply(
      0,
      commands.map((c, i) => ({ id: `${Date.now()}-${i}`, fields: [COMMAND_FIELD, encodeCommand(c)] })),
    );
    expect([
      result.placed,
      result.rejected,
      result.messages.filter((m) => (m.data as { success?: boolean }).success === false).length,
    ]).toEqual([6, 1, 1]);
    // One run per player (an api node writes a run to the player's socket at once), in the order they came first.
    const runs = result.messages.map((m) => `${m.room}:${m.event}`);
    expect(runs).toEqual(
      players.flatMap((p, i) => [
        `user:${p.id}:bet-message`,
        `user:${p.id}:bet-message`,
        ...(i === 1 ? [`user:${p.id}:bet-message`] : []),
        `user:${p.id}:balance-update`,
      ]),
    );
    expect(result.messages.at(-1)!.data).toEqual({
      balance: paiseToRupees(44_000),
      mainBalance: paiseToRupees(44_000),
      bonusBalance: 0,
    });
  });

  it('accepts a bet received 50 ms before the lock and refuses one received 50 ms after', async () => {
    const player = await createUser(api, { main: 10_000 });
    const period = await freshPeriod(periodConfig, 800);
    await sleep(period.lockTime - 50 - Date.now());
    const before = await sender.send(sender.command(player.id, period.periodId, 'color', 'green', 1_000));
    await sleep(period.lockTime + 50 - Date.now());
    const after = await sender.send(sender.command(player.id, period.periodId, 'bigSmall', 'small', 1_000));
    expect(Number(before.split('-')[0])).toBeLessThan(period.lockTime);
    expect(Number(after.split('-')[0])).toBeGreaterThanOrEqual(period.lockTime);
    await eventually(async () => log.to(player.id, 'bet-message').length === 2, 5000, 'bet messages');
    const [first, second] = log.to(player.id, 'bet-message').map((m) => m.data as any);
    expect(first.success).toBe(true);
    expect(second).toMatchObject({ success: false, message: 'Betting is closed for this period.' });
    await settled(api.db, period.periodId);
    expect(await api.db.selectFrom('bets').select('bet_type').where('user_id', '=', player.id).execute()).toEqual([
      { bet_type: 'color' },
    ]);
  });

  it('applies a command delivered twice only once', async () => {
    const player = await createUser(api, { main: 10_000 });
    const period = await freshPeriod(periodConfig, 1500);
    const command = sender.command(player.id, period.periodId, 'number', '3', 5_000);
    await sender.send(command);
    await sender.send(command);
    await eventually(async () => log.to(player.id, 'bet-message').length === 2, 5000, 'both replies');
    expect(log.to(player.id, 'bet-message').map((m) => (m.data as any).success)).toEqual([true, true]);
    expect(await api.db.selectFrom('bets').select('id').where('user_id', '=', player.id).execute()).toEqual([
      { id: command.id },
    ]);
    expect((await balanceOf(api.db, player.id)).main).toBe(5_000);
    await settled(api.db, period.periodId);
  });

  it('places exactly the bets a balance covers when they race', async () => {
    const players = await Promise.all(Array.from({ length: 20 }, () => createUser(api, { main: 10_000 })));
    const period = await freshPeriod(periodConfig, 2000);
    const games: Array<[GameKey, string]> = [
      ['color', 'violet'],
      ['bigSmall', 'small'],
      ['number', '0'],
    ];
    await Promise.all(
      players.flatMap((p) =>
        games.map(([type, value]) => sender.send(sender.command(p.id, period.periodId, type, value, 5_000))),
      ),
    );
    await eventually(async () => players.every((p) => log.to(p.id, 'bet-message').length === 3), 8000, 'all replies');
    for (const p of players) {
      const replies = log.to(p.id, 'bet-message').map((m) => m.data as any);
      expect(replies.filter((r) => r.success)).toHaveLength(2);
      expect(replies.filter((r) => !r.success).map((r) => r.message)).toEqual(['Insufficient balance.']);
      expect(await balanceOf(api.db, p.id)).toEqual({ main: 0, bonus: 0 });
    }
    await settled(api.db, period.periodId);
  });

  it('refuses a second bet on the same game, a wrong period, a bad stake and a bad choice', async () => {
    const player = await createUser(api, { main: 100_000 });
    const period = await freshPeriod(periodConfig, 1500);
    const next = String(BigInt(period.periodId) + 1n);
    await sender.send(sender.command(player.id, period.periodId, 'color', 'red', 1_000));
    await sender.send(sender.command(player.id, period.periodId, 'color', 'green', 1_000));
    await sender.send(sender.command(player.id, next, 'bigSmall', 'big', 1_000));
    await sender.send(sender.command(player.id, period.periodId, 'bigSmall', 'big', 1_500));
    await sender.send(sender.command(player.id, period.periodId, 'number', '12', 1_000));
    await eventually(async () => log.to(player.id, 'bet-message').length === 5, 5000, 'replies');
    expect(log.to(player.id, 'bet-message').map((m) => (m.data as any).message)).toEqual([
      'Bet placed successfully.',
      'You have already placed a bet on this game in this period.',
      'This period is not open for betting.',
      'Stake must be ₹10, ₹50, ₹100, ₹200, ₹500 or ₹1,000.',
      'Please choose a valid option for this game.',
    ]);
    expect((await balanceOf(api.db, player.id)).main).toBe(99_000);
    await settled(api.db, period.periodId);
  });

  it('reports what it did as Prometheus metrics', async () => {
    const player = await createUser(api, { main: 10_000 });
    const period = await freshPeriod(periodConfig, 1500);
    const command = sender.command(player.id, period.periodId, 'color', 'red', 1_000);
    await sender.send(command);
    await sender.send(command);
    await sender.send(sender.command(player.id, period.periodId, 'color', 'green', 1_000));
    await eventually(async () => log.to(player.id, 'bet-message').length === 3, 5000, 'replies');
    await settled(api.db, period.periodId);
    const text = await engine.app.get(Registry).metrics();
    const value = (line: RegExp) =>
      Number(
        text
          .split('\n')
          .find((l) => line.test(l))
          ?.split(' ')
          .at(-1),
      );
    expect(value(/^wr_bets_processed_total\{[^}]*outcome="placed"/)).toBeGreaterThan(0);
    expect(value(/^wr_bets_processed_total\{[^}]*outcome="rejected"/)).toBeGreaterThan(0);
    expect(value(/^wr_bets_processed_total\{[^}]*outcome="duplicate"/)).toBeGreaterThan(0);
    expect(value(/^wr_settlement_duration_seconds_count\{[^}]*kind="settle"/)).toBeGreaterThan(0);
    expect(value(/^wr_bet_batch_size_count/)).toBeGreaterThan(0);
    expect(value(/^wr_round_clock_leader/)).toBe(1);
    expect(value(/^wr_bet_partitions_led/)).toBe(2);
    expect(text).toMatch(/^wr_bet_stream_lag\{[^}]*partition="1"[^}]*\} \d+/m);
    expect(text).toMatch(/^wr_queue_depth\{[^}]*queue="mail"[^}]*\} \d+/m);
  });
});

describe('round engine: crashes and hand-overs', () => {
  let api: TestApi;
  let clock: TestEngine;
  let sender: BetSender;
  let log: MessageLog;
  let redis: Redis;
  const prefix = () => api.config.REDIS_PREFIX;
  const engines: TestEngine[] = [];
  const startEngine = async (roles: string) => {
    const e = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: prefix(), ENGINE_ROLES: roles },
    });
    engines.push(e);
    return e;
  };

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL);
    api = await startTestApi({ env: ROUNDS });
    clock = await startEngine('clock');
    sender = new BetSender(prefix(), 2);
    log = new MessageLog(prefix());
    await log.start();
  });
  afterEach(() => expectLedgerReconciles(api.db));
  afterAll(async () => {
    await log.stop();
    sender.close();
    redis.disconnect();
    for (const e of engines.reverse()) await e.close().catch(() => {});
    await api.close();
  });

  /** A running bet processor engine (started once, on demand). */
  const ensureBets = async () =>
    engines.find((e) => e.config.hasEngineRole('bets') && !e.config.ENGINE_ROLES.includes('all')) ??
    startEngine('bets');

  /** Leaves the partition's pending entries with a dead consumer holding the lease, as a killed processor would. */
  async function strandWithDeadConsumer(partition: number): Promise<Array<[string, string[]]>> {
    const key = `${prefix()}bets:cmd:${partition}`;
    await redis.xgroup('CREATE', key, 'bet-processors', '0', 'MKSTREAM').catch(() => {});
    await redis.set(`${prefix()}lease:bets:${partition}`, 'dead-owner', 'PX', 800);
    const read = (await redis.xreadgroup(
      'GROUP',
      'bet-processors',
      'dead-consumer',
      'COUNT',
      1000,
      'STREAMS',
      key,
      '>',
    )) as Array<[string, Array<[string, string[]]>]> | null;
    return (read?.[0]?.[1] ?? []).filter(([, fields]) => fields[0] === 'c');
  }

  it('a processor killed mid-batch (before commit, or after commit before acknowledging): no bet lost or doubled', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => createUser(api, { main: 50_000 })));
    const period = await freshPeriod(periodConfig, 2500);
    const commands = players.flatMap((p) => [
      sender.command(p.id, period.periodId, 'color', 'red', 10_000),
      sender.command(p.id, period.periodId, 'bigSmall', 'big', 5_000),
    ]);
    for (const c of commands) await sender.send(c);
    const stranded0 = await strandWithDeadConsumer(0);
    const stranded1 = await strandWithDeadConsumer(1);
    expect(stranded0.length + stranded1.length).toBe(commands.length);
    // Partition 1's batch committed but was never acknowledged: the crash came between the two.
    await clock.app.get(BetBatchService).apply(
      1,
      stranded1.map(([id, fields]) => ({ id, fields })),
    );
    // Partition 0's batch never committed (a crash mid-transaction rolls back): nothing of it is in the database.
    const bets = await startEngine('bets');
    await eventually(
      async () => bets.app.get(BetProcessorService).ledPartitions.length === 2,
      5000,
      'partitions taken over',
    );
    await eventually(
      async () => {
        const { rows } = await sql<{
          n: number;
        }>`SELECT count(*) AS n FROM bets WHERE period_id = ${period.periodId}`.execute(api.db);
        return Number(rows[0]!.n) === commands.length;
      },
      8000,
      'every bet applied',
    );
    await settled(api.db, period.periodId);
    for (const p of players) {
      const rows = await api.db.selectFrom('bets').select(['bet_type', 'amount']).where('user_id', '=', p.id).execute();
      expect(rows.sort((a, b) => a.bet_type.localeCompare(b.bet_type))).toEqual([
        { bet_type: 'bigSmall', amount: 5_000 },
        { bet_type: 'color', amount: 10_000 },
      ]);
    }
    // Each bet once, its stake taken once: by one BetsPlaced entry of its partition's batches, whose postings balance.
    const applied = await sql<{ n: number; entries: number }>`
      SELECT count(*) AS n, count(DISTINCT e.seq) AS entries FROM bets b JOIN events e ON e.seq = b.placed_seq AND e.type = 'BetsPlaced'
      WHERE b.id = ANY(${commands.map((c) => c.id)}::uuid[])
    `.execute(api.db);
    expect(Number(applied.rows[0]!.n)).toBe(commands.length);
    expect(Number(applied.rows[0]!.entries)).toBeGreaterThanOrEqual(2);
    for (const c of commands)
      expect(log.to(c.userId, 'bet-message').some((m) => (m.data as any).bet?._id === c.id)).toBe(true);
    expect(await redis.xpending(`${prefix()}bets:cmd:0`, 'bet-processors')).toEqual([0, null, null, null]);
  });

  it('a settler killed mid-settlement: the period is settled exactly once by the next attempt', async () => {
    await ensureBets();
    // Ten players each pick a different digit: exactly one of them wins, so settlement must credit a wallet.
    const players = await Promise.all(Array.from({ length: 10 }, () => createUser(api, { main: 20_000 })));
    const period = await freshPeriod(periodConfig, 1500);
    await Promise.all(
      players.map((p, digit) => sender.send(sender.command(p.id, period.periodId, 'number', String(digit), 1_000))),
    );
    await eventually(async () => players.every((p) => log.to(p.id, 'bet-message').length === 1), 5000, 'bets placed');
    // Hold every player's wallet so the settlement's statement blocks on them, its bets already updated, then kill it.
    const blocker = await api.db.connection().execute(async (conn) => {
      await sql`BEGIN`.execute(conn);
      try {
        const { rows: own } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(conn);
        await sql`SELECT 1 FROM wallets WHERE user_id = ANY(${players.map((p) => p.id)}::uuid[]) FOR UPDATE`.execute(
          conn,
        );
        const killed = await eventually(
          async () => {
            // Polled from another connection: inside a transaction pg_stat_activity is a frozen snapshot. The
            // settlement's statement waits for the wallets this connection holds, having settled the bets.
            const { rows } = await sql<{ pid: number }>`
          SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND ${own[0]!.pid}::int = ANY(pg_blocking_pids(pid)) AND query LIKE '%UPDATE bets b%'
        `.execute(api.db);
            if (rows.length === 0) return null;
            await sql`SELECT pg_terminate_backend(${rows[0]!.pid})`.execute(api.db);
            return rows[0]!.pid;
          },
          15_000,
          'settlement blocked on the wallets',
        );
        expect(await periodStatus(api.db, period.periodId)).toBe('DRAWN');
        return killed;
      } finally {
        await sql`ROLLBACK`.execute(conn);
      }
    });
    expect(blocker).toBeGreaterThan(0);
    await settled(api.db, period.periodId);
    const settlements = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM events WHERE type = 'PeriodSettled' AND stream = ${'period:' + period.periodId}`.execute(
      api.db,
    );
    expect(Number(settlements.rows[0]!.n)).toBe(1);
    const pending = await api.db
      .selectFrom('bets')
      .select('id')
      .where('period_id', '=', period.periodId)
      .where('status', '=', 'PENDING')
      .execute();
    expect(pending).toEqual([]);
    // The one winner was credited once: 9 × ₹10 gross, GST 18% of ₹80, so ₹75.60 on top of the ₹190 left.
    const winner = await api.db
      .selectFrom('bets')
      .select('user_id')
      .where('period_id', '=', period.periodId)
      .where('is_win', '=', true)
      .execute();
    expect(winner).toHaveLength(1);
    expect(await balanceOf(api.db, winner[0]!.user_id)).toEqual({ main: 19_000 + 7_560, bonus: 0 });
  });

  it('a standby round clock takes over within a round when the leader stops, and skips no period', async () => {
    await ensureBets();
    const standby = await startEngine('clock');
    const leader = clock.app.get(RoundClockService).isLeader ? clock : standby;
    const other = leader === clock ? standby : clock;
    const first = await freshPeriod(periodConfig, 1000);
    await leader.app.get(RoundClockService).halt();
    const haltedAt = Date.now();
    await eventually(async () => other.app.get(RoundClockService).isLeader, 4000, 'standby leadership');
    expect(Date.now() - haltedAt).toBeLessThan(4000);
    const later = String(BigInt(first.periodId) + 2n);
    await settled(api.db, later);
    const rows = await api.db
      .selectFrom('periods')
      .select(['id', 'status'])
      .where('id', '>=', first.periodId)
      .where('id', '<=', later)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.id)).toEqual([first.periodId, String(BigInt(first.periodId) + 1n), later]);
    expect(rows.every((r) => r.status === 'SETTLED')).toBe(true);
    clock = other;
  });

  it('refunds a period that could not be drawn in time, returning each stake where it came from', async () => {
    await ensureBets();
    const player = await createUser(api, { main: 5_000, bonus: 500 });
    const period = await freshPeriod(periodConfig, 1500);
    await sender.send(sender.command(player.id, period.periodId, 'color', 'violet', 1_000));
    await eventually(async () => log.to(player.id, 'bet-message').length === 1, 5000, 'bet placed');
    expect(await balanceOf(api.db, player.id)).toEqual({ main: 4_500, bonus: 0 });
    // The only round clock stops before the draw and stays down for more than a round.
    await clock.app.get(RoundClockService).halt();
    await sleep(period.endTime + 4_000 + 700 - Date.now());
    expect(await periodStatus(api.db, period.periodId)).toBe('OPEN');
    clock = await startEngine('clock');
    await eventually(async () => (await periodStatus(api.db, period.periodId)) === 'REFUNDED', 8000, 'refund');
    expect(await balanceOf(api.db, player.id)).toEqual({ main: 5_000, bonus: 500 });
    const bet = await api.db
      .selectFrom('bets')
      .select('status')
      .where('user_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(bet.status).toBe('REFUNDED');
    const refund = await api.db
      .selectFrom('transactions')
      .selectAll()
      .where('user_id', '=', player.id)
      .where('type', '=', 'REFUND')
      .executeTakeFirstOrThrow();
    expect([refund.amount, refund.status, refund.method]).toEqual([1_000, 'COMPLETED', 'REFUND']);
    await eventually(
      async () => log.to(player.id, 'bet-message').some((m) => /refunded/.test((m.data as any).message)),
      5000,
      'refund notice',
    );
  });
});
