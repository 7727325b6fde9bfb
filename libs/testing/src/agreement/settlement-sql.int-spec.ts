import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import fc from 'fast-check';
import { sql } from 'kysely';
import { loadConfig } from '@app/config';
import type { RefundReason } from '@app/db';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import {
  betResultMessage,
  decideRefund,
  decideSettlement,
  formatPayouts,
  GAMES,
  GAMES_BY_KEY,
  GAME_KEYS,
  maxPayout,
  missedPeriods,
  nextPeriodId,
  paiseToRupees,
  periodInfo,
  periodPostings,
  periodRefundDescription,
  periodRefundedMessage,
  REFUND_REASONS,
  resultFromDigit,
  type GameKey,
  type PeriodBet,
  type PayoutTable,
} from '@app/domain';
import { Accounts } from '@app/ledger';
import type { SocketMessage } from '@app/realtime';
import { enginePeriods, engineSettlement } from '../apps.js';

type SettlementService = Awaited<ReturnType<typeof engineSettlement>>;

/**
 * The round engine settles a period with one set-based SQL statement (what makes 100k bets fast); the domain's
 * decideSettlement says what settling means. This property holds them together: for generated bets (any stake in
 * paise, any choice, many players, each with the payout recorded when it was placed or none) and generated payout
 * tables (what a bet without a recorded payout is paid) and GST rates, every bet row the SQL settles, the
 * period's journal entry and every wallet it credits are exactly what the decider decides, and the results read back
 * in slices of any size say the same (one bet-result per bet in the domain's words, one balance per player); and a
 * refunded period returns each stake as decideRefund says, for every refund reason (`not-drawn`, `beacon-unavailable`
 * through the settlement's refund; `missed` through the periods the clock records when catching up).
 */

const PLAYERS = 60;
const HASH = 'a'.repeat(64);

interface GeneratedBet {
  player: number;
  game: GameKey;
  pick: number;
  amount: number;
  fromBonusShare: number;
  /** The payout recorded when it was placed, in hundredths (null: placed before payouts were recorded). */
  recorded: number | null;
}

const betArb: fc.Arbitrary<GeneratedBet> = fc.record({
  player: fc.nat(PLAYERS - 1),
  game: fc.constantFrom(...GAME_KEYS),
  pick: fc.nat(9),
  amount: fc.oneof(
    fc.constantFrom(1_000, 5_000, 10_000, 20_000, 50_000, 100_000),
    fc.integer({ min: 1, max: 10_000_000 }),
  ),
  fromBonusShare: fc.double({ min: 0, max: 1, noNaN: true }),
  // Any payout the database takes (1 to 10, bets_payout_range), or none.
  recorded: fc.option(fc.integer({ min: 100, max: 1_000 }), { nil: null }),
});

interface BetRowRead {
  id: string;
  user_id: string;
  status: string;
  is_win: boolean | null;
  win_amount: string;
  gst_amount: string;
  system_selected_value: string | null;
  win_to_bonus: string;
  payout: string | null;
}

/** Every slice of a period's results, with a given slice size. */
async function readSlices(
  service: SettlementService,
  period: { id: string; status: 'SETTLED' | 'REFUNDED'; refund_reason: RefundReason | null },
  size: number,
  online: string[] = [],
  announced = 0,
): Promise<SocketMessage[][]> {
  const slices: SocketMessage[][] = [];
  for await (const slice of service.resultSlices(period, size, online, announced)) slices.push(slice);
  return slices;
}

/** Every slice of a drawn period's announcement to the players online. */
async function readAnnouncement(
  service: SettlementService,
  period: Parameters<SettlementService['announcementSlices']>[0],
  online: string[],
  size: number,
): Promise<SocketMessage[][]> {
  const slices: SocketMessage[][] = [];
  for await (const slice of service.announcementSlices(period, online, size)) slices.push(slice);
  return slices;
}

/** A message with its timestamp (the time of reading) masked, for comparing two readings. */
const untimed = (m: SocketMessage) =>
  m.event === 'bet-result' ? { ...m, data: { ...(m.data as object), timestamp: expect.any(String) } } : m;
/** A payout table PAYOUTS accepts: every choice at least 1 with at most 2 decimals, at most its `maxPayout`. */
const choices = GAMES.flatMap((game) => game.choices.map((choice) => [game.key, choice] as const));
const payoutsArb: fc.Arbitrary<PayoutTable> = fc
  .tuple(...choices.map(([game, choice]) => fc.integer({ min: 100, max: Math.round(maxPayout(game, choice) * 100) })))
  .map((hundredths) => {
    const table = { color: {}, bigSmall: {}, number: {} } as Record<GameKey, Record<string, number>>;
    choices.forEach(([game, choice], i) => (table[game][choice] = hundredths[i]! / 100));
    return table;
  });
const caseArb = fc.record({
  // One bet per player and game in a period (bets_one_per_game).
  bets: fc.uniqueArray(betArb, {
    minLength: 0,
    maxLength: PLAYERS * 3,
    size: 'max',
    selector: (b) => `${b.player}:${b.game}`,
  }),
  digit: fc.nat(9),
  payouts: payoutsArb,
  gstBps: fc.integer({ min: 0, max: 10_000 }),
  sliceSize: fc.integer({ min: 1, max: 200 }),
  // The players with a live socket when the results go out (indexes), whose results come first.
  online: fc.uniqueArray(fc.nat(PLAYERS - 1), { maxLength: PLAYERS }),
});

describe('the engine’s set-based settlement and refund agree with the domain’s deciders', () => {
  let database: TestDatabase;
  let players: string[];
  let chainId: number;
  let chainIndex = 0;
  let periodSeq = 0;
  const reasons = new Set<string>();
  let settledBets = 0;
  let toBonusWins = 0;
  let lastSettled = 0;

  /** Inserts the generated bets of a period (PENDING), as the domain sees them. */
  async function insertBets(periodId: string, placedAt: Date, generated: GeneratedBet[]): Promise<PeriodBet[]> {
    const bets: PeriodBet[] = generated.map((b) => {
      const choices = GAMES_BY_KEY[b.game].choices as readonly string[];
      return {
        id: randomUUID(),
        userId: players[b.player]!,
        betType: b.game,
        betValue: choices[b.pick % choices.length]!,
        amount: b.amount,
        fromBonus: Math.floor(b.amount * b.fromBonusShare),
        payout: b.recorded === null ? null : b.recorded / 100,
      };
    });
    if (bets.length > 0) {
      await database.db
        .insertInto('bets')
        .values(
          bets.map((b) => ({
            id: b.id,
            user_id: b.userId,
            period_id: periodId,
            bet_type: b.betType,
            bet_value: b.betValue,
            amount: b.amount,
            from_bonus: b.fromBonus,
            placed_at: placedAt,
            payout: b.payout ?? null,
          })),
        )
        .execute();
    }
    return bets;
  }

  /** Every player's wallet (paise). */
  async function wallets(): Promise<Map<string, { main: number; bonus: number }>> {
    const rows = await database.db.selectFrom('wallets').select(['user_id', 'main', 'bonus']).execute();
    return new Map(rows.map((r) => [r.user_id, { main: Number(r.main), bonus: Number(r.bonus) }]));
  }

  beforeAll(async () => {
    Logger.overrideLogger(false);
    database = await createTestDatabase();
    const db = database.db;
    players = Array.from({ length: PLAYERS }, () => randomUUID());
    await db
      .insertInto('users')
      .values(
        players.map((id, i) => ({
          id,
          username: `settle_${i}`,
          email: `settle.${i}@gmail.com`,
          password_hash: 'x',
          role: 'user' as const,
          referral_code: `S${String(i).padStart(7, '0')}`,
        })),
      )
      .execute();
    await db
      .insertInto('wallets')
      .values(players.map((user_id) => ({ user_id, is_active: true })))
      .execute();
    chainId = (
      await db
        .insertInto('fairness_chains')
        .values({ commitment: HASH, tip: null, tip_sealed: 'AAAA', key_id: '0000000000000000', length: 1_000_000 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  afterAll(async () => {
    await database.drop();
  });

  it('for every generated period: each bet’s outcome, win, GST and selected value, and the period’s postings', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ bets: generated, digit, payouts, gstBps, sliceSize, online }) => {
        const db = database.db;
        const periodId = `20261123${String(++periodSeq).padStart(4, '0')}`;
        const result = resultFromDigit(digit);
        const start = new Date(Date.UTC(2026, 10, 22, 18, 30) + periodSeq * 30_000);
        await db
          .insertInto('periods')
          .values({
            id: periodId,
            start_at: start,
            lock_at: new Date(start.getTime() + 25_000),
            end_at: new Date(start.getTime() + 30_000),
            status: 'DRAWN',
            chain_id: chainId,
            chain_index: ++chainIndex,
            seed_hash: HASH,
            seed: HASH,
            digit,
            color: result.color,
            big_small: result.bigSmall,
            drawn_at: new Date(),
          })
          .execute();
        const bets = await insertBets(periodId, start, generated);
        const walletsBefore = await wallets();

        const config = loadConfig({ PAYOUTS: payoutsEnv(payouts), GST_RATE: String(gstBps / 10_000) });
        expect(config.gstBps).toBe(gstBps);
        const service = await engineSettlement(db, config);
        // What the players online are told at the draw, read before the settlement (ids that are not user ids are
        // ignored).
        const onlineIds = online.map((i) => players[i]!);
        const drawnRow = await db
          .selectFrom('periods')
          .selectAll()
          .where('id', '=', periodId)
          .executeTakeFirstOrThrow();
        const announcement = await readAnnouncement(service, drawnRow, [...onlineIds, 'not-a-user'], sliceSize);
        const outcome = await service.settle(periodId);

        const [expected] = decideSettlement({ periodId, result, payouts, gstBps }, { periodId, status: 'DRAWN', bets });
        expect(outcome!.bets).toBe(bets.length);
        expect(outcome!.wallets).toBe(expected!.data.winnings.size);
        const { rows } = await sql<BetRowRead>`
          SELECT id, user_id, status, is_win, win_amount::text, gst_amount::text, system_selected_value, win_to_bonus::text, payout::float8::text AS payout FROM bets WHERE period_id = ${periodId}
        `.execute(db);
        const byId = new Map(rows.map((row) => [row.id, row]));
        expect(byId.size).toBe(bets.length);
        // Every settled bet records the payout it was settled at: its own, else its choice's in the table.
        for (const bet of bets) {
          expect(Number(byId.get(bet.id)!.payout)).toBe(bet.payout ?? payouts[bet.betType][bet.betValue]);
        }
        for (const bet of expected!.data.bets) {
          const row = byId.get(bet.id)!;
          expect({
            id: row.id,
            status: row.status,
            isWin: row.is_win,
            win: Number(row.win_amount),
            toBonus: Number(row.win_to_bonus),
            gst: Number(row.gst_amount),
            selected: row.system_selected_value,
          }).toEqual({
            id: bet.id,
            status: 'COMPLETED',
            isWin: bet.isWin,
            win: bet.net,
            toBonus: bet.netToBonus,
            gst: bet.isWin ? bet.gst : 0,
            selected: bet.systemSelectedValue,
          });
        }
        const { rows: postings } = await sql<{ account: string; amount: string }>`
          SELECT p.account, p.amount::text FROM ledger_postings p JOIN events e ON e.seq = p.event_seq
          WHERE e.stream = ${`period:${periodId}`} AND e.type = 'PeriodSettled'
        `.execute(db);
        const sorted = (list: { account: string; amount: number }[]) =>
          [...list].sort((a, b) => a.account.localeCompare(b.account) || a.amount - b.amount);
        expect(sorted(postings.map((p) => ({ account: p.account, amount: Number(p.amount) })))).toEqual(
          sorted(periodPostings(expected!, Accounts)),
        );

        // Every wallet moved by exactly the player's net winnings, to main and to bonus (the projection of the postings
        // above).
        const walletsAfter = await wallets();
        for (const player of players) {
          const won = expected!.data.winnings.get(player) ?? { main: 0, bonus: 0 };
          expect({
            player,
            main: walletsAfter.get(player)!.main - walletsBefore.get(player)!.main,
            bonus: walletsAfter.get(player)!.bonus - walletsBefore.get(player)!.bonus,
          }).toEqual({
            player,
            ...won,
          });
        }
        toBonusWins += expected!.data.bets.filter((b) => b.netToBonus > 0).length;

        // The results, read in slices: one bet-result per bet, in the domain's words; each player's balance once,
        // after their bets; the same slices when read again.
        const slices = await readSlices(service, { id: periodId, status: 'SETTLED', refund_reason: null }, sliceSize);
        expect(await readSlices(service, { id: periodId, status: 'SETTLED', refund_reason: null }, sliceSize)).toEqual(
          slices.map((slice) => slice.map(untimed)),
        );
        const messages = slices.flat();

        // With players online: the same messages in as many slices, every online player's before any other's, and
        // the same slices when read again with the same players (a successor republishing). Ids that are not user
        // ids are ignored.
        const onlineRooms = new Set(onlineIds.map((id) => `user:${id}`));
        const period = { id: periodId, status: 'SETTLED' as const, refund_reason: null };
        const firstSlices = await readSlices(service, period, sliceSize, [...onlineIds, 'not-a-user', '']);
        expect(await readSlices(service, period, sliceSize, [...onlineIds].reverse())).toEqual(
          firstSlices.map((slice) => slice.map(untimed)),
        );
        expect(firstSlices).toHaveLength(slices.length);
        const firstMessages = firstSlices.flat();
        const byText = (list: SocketMessage[]) =>
          list.map((m) => JSON.stringify({ ...m, data: { ...(m.data as object), timestamp: undefined } })).sort();
        expect(byText(firstMessages)).toEqual(byText(messages));
        // The announcement at the draw: slice by slice, exactly the online players' bet-results of the same slices read
        // after the settlement (the bet's last change the draw's time), and the same when read after it; those slices
        // published with the announcement counted leave out exactly those bet-results and keep the rest, balances
        // included.
        const drawnAt = drawnRow.drawn_at!.toISOString();
        const asAnnounced = (m: SocketMessage) =>
          untimed({
            ...m,
            data: { ...(m.data as object), bet: { ...(m.data as { bet: object }).bet, updatedAt: drawnAt } },
          });
        const onlineResult = (m: SocketMessage) => m.event === 'bet-result' && onlineRooms.has(m.room!);
        const expectedAnnouncement = firstSlices.map((slice) => slice.filter(onlineResult)).filter((s) => s.length > 0);
        expect(announcement).toEqual(expectedAnnouncement.map((slice) => slice.map(asAnnounced)));
        expect(
          await readAnnouncement(service, { ...drawnRow, status: 'SETTLED' }, [...onlineIds].reverse(), sliceSize),
        ).toEqual(announcement.map((slice) => slice.map(untimed)));
        const afterAnnouncement = await readSlices(service, period, sliceSize, onlineIds, announcement.length);
        expect(afterAnnouncement).toEqual(
          firstSlices.map((slice, n) =>
            slice.filter((m) => !(n < announcement.length && onlineResult(m))).map(untimed),
          ),
        );
        const lastOnline = firstMessages.findLastIndex((m) => onlineRooms.has(m.room!));
        const firstOffline = firstMessages.findIndex((m) => !onlineRooms.has(m.room!));
        if (lastOnline >= 0 && firstOffline >= 0) expect(lastOnline).toBeLessThan(firstOffline);
        for (const slice of slices)
          expect(slice.filter((m) => m.event === 'bet-result').length).toBeLessThanOrEqual(sliceSize);
        const results = messages.filter((m) => m.event === 'bet-result');
        expect(results).toHaveLength(bets.length);
        const settledById = new Map(expected!.data.bets.map((b) => [b.id, b]));
        for (const m of results) {
          const data = m.data as {
            betId: string;
            win: boolean;
            winAmount: number;
            lossAmount: number;
            message: string;
            bet: { status: string };
          };
          const bet = bets.find((b) => b.id === data.betId)!;
          const decided = settledById.get(data.betId)!;
          expect(m.room).toBe(`user:${bet.userId}`);
          expect({
            win: data.win,
            winAmount: data.winAmount,
            lossAmount: data.lossAmount,
            message: data.message,
            status: data.bet.status,
          }).toEqual({
            win: decided.isWin,
            winAmount: decided.isWin ? paiseToRupees(decided.net) : 0,
            lossAmount: decided.isWin ? 0 : paiseToRupees(bet.amount),
            message: betResultMessage({
              betType: bet.betType,
              betValue: bet.betValue,
              amount: bet.amount,
              isWin: decided.isWin,
              winAmount: decided.net,
            }),
            status: 'COMPLETED',
          });
        }
        const balances = messages.filter((m) => m.event === 'balance-update');
        const bettors = [...new Set(bets.map((b) => b.userId))];
        expect(balances.map((m) => m.room).sort()).toEqual(bettors.map((id) => `user:${id}`).sort());
        for (const m of balances) {
          const wallet = walletsAfter.get(m.room!.slice('user:'.length))!;
          expect(m.data).toEqual({
            balance: paiseToRupees(wallet.main + wallet.bonus),
            mainBalance: paiseToRupees(wallet.main),
            bonusBalance: paiseToRupees(wallet.bonus),
          });
          // After the player's last bet-result.
          const at = messages.indexOf(m);
          expect(messages.slice(at + 1).some((later) => later.room === m.room)).toBe(false);
        }
        settledBets += bets.length;
        lastSettled = periodSeq;
      }),
      {
        numRuns: 50,
        // One online player's one bet in slices of one: the slice of its announced result is left empty after the
        // settlement, and the slices after it keep their numbers.
        examples: [
          [
            {
              bets: [{ player: 5, game: 'color', pick: 0, amount: 1000, fromBonusShare: 0, recorded: null }],
              digit: 0,
              payouts: {
                color: { red: 1, green: 1, violet: 1 },
                bigSmall: { big: 1, small: 1 },
                number: Object.fromEntries(Array.from({ length: 10 }, (_, d) => [String(d), 1])),
              },
              gstBps: 0,
              sliceSize: 1,
              online: [5],
            },
          ],
        ],
      },
    );
    // Thousands of bets across the runs, not a handful; and winning stakes paid partly from bonus among them.
    expect(settledBets).toBeGreaterThan(2_000);
    expect(toBonusWins).toBeGreaterThan(10);
  });

  it('for every generated open period that cannot be drawn, for every reason: each stake goes back where it came from', async () => {
    await fc.assert(
      fc.asyncProperty(
        caseArb,
        fc.constantFrom('not-drawn' as const, 'beacon-unavailable' as const),
        async ({ bets: generated }, reason) => {
          const db = database.db;
          const periodId = `20261123${String(++periodSeq).padStart(4, '0')}`;
          const start = new Date(Date.UTC(2026, 10, 22, 18, 30) + periodSeq * 30_000);
          await db
            .insertInto('periods')
            .values({
              id: periodId,
              start_at: start,
              lock_at: new Date(start.getTime() + 25_000),
              end_at: new Date(start.getTime() + 30_000),
              status: 'OPEN',
              chain_id: chainId,
              chain_index: ++chainIndex,
              seed_hash: HASH,
            })
            .execute();
          const bets = await insertBets(periodId, start, generated);
          const walletsBefore = await wallets();
          const service = await engineSettlement(db, loadConfig({}));
          const outcome = await service.refund(periodId, reason);
          const [expected] = decideRefund({ periodId }, { periodId, status: 'OPEN', bets });
          reasons.add(reason);
          const { rows } = await sql<{
            id: string;
            status: string;
          }>`SELECT id, status FROM bets WHERE period_id = ${periodId}`.execute(db);
          expect(outcome!.bets).toBe(bets.length);
          expect(rows.map((b) => b.id).sort()).toEqual([...expected!.data.betIds].sort());
          expect(rows.every((b) => b.status === 'REFUNDED')).toBe(true);
          // Each stake back where it came from, in the wallets as in the postings, with one REFUND transaction per player.
          const walletsAfter = await wallets();
          for (const player of players) {
            const back = expected!.data.refunds.get(player) ?? { main: 0, bonus: 0 };
            const before = walletsBefore.get(player)!;
            const after = walletsAfter.get(player)!;
            expect({ player, main: after.main - before.main, bonus: after.bonus - before.bonus }).toEqual({
              player,
              ...back,
            });
          }
          const { rows: receipts } = await sql<{ user_id: string; amount: string; description: string }>`
          SELECT user_id, amount::text, description FROM transactions WHERE type = 'REFUND' AND transaction_id LIKE ${`RF${periodId}%`}
        `.execute(db);
          expect(receipts.map((r) => [r.user_id, Number(r.amount)]).sort()).toEqual(
            [...expected!.data.refunds].map(([id, r]) => [id, r.main + r.bonus]).sort(),
          );
          expect(new Set(receipts.map((r) => r.description))).toEqual(
            new Set(receipts.length ? [periodRefundDescription(periodId, reason)] : []),
          );
          // Its results: a bet-update per bet, one notice and one balance per player.
          const messages = (
            await readSlices(service, { id: periodId, status: 'REFUNDED', refund_reason: reason }, 7)
          ).flat();
          expect(messages.filter((m) => m.event === 'bet-update')).toHaveLength(bets.length);
          const bettors = [...new Set(bets.map((b) => `user:${b.userId}`))].sort();
          expect(
            messages
              .filter((m) => m.event === 'bet-message')
              .map((m) => m.room)
              .sort(),
          ).toEqual(bettors);
          expect(
            messages
              .filter((m) => m.event === 'bet-message')
              .every((m) => (m.data as { message: string }).message === periodRefundedMessage(periodId, reason)),
          ).toBe(true);
          expect(
            messages
              .filter((m) => m.event === 'balance-update')
              .map((m) => m.room)
              .sort(),
          ).toEqual(bettors);
          const { rows: postings } = await sql<{ account: string; amount: string }>`
          SELECT p.account, p.amount::text FROM ledger_postings p JOIN events e ON e.seq = p.event_seq
          WHERE e.stream = ${`period:${periodId}`} AND e.type = 'PeriodRefunded'
        `.execute(db);
          const sorted = (list: { account: string; amount: number }[]) =>
            [...list].sort((a, b) => a.account.localeCompare(b.account) || a.amount - b.amount);
          expect(sorted(postings.map((p) => ({ account: p.account, amount: Number(p.amount) })))).toEqual(
            bets.length === 0 ? [] : sorted(periodPostings(expected!, Accounts)),
          );
        },
      ),
      { numRuns: 20 },
    );
    // Every reason the round clock refunds an open period for ('missed' periods are recorded refunded, without bets).
    expect([...reasons].sort()).toEqual(REFUND_REASONS.filter((r) => r !== 'missed').sort());
  });

  it('for every generated outage: the periods missed are recorded refunded (missed) with nothing to return, as decideRefund says of a period without bets; a recorded period is left as it is', async () => {
    const periods = await enginePeriods(database.db);
    const guard = async () => {};
    const config = { roundSeconds: 30, lockSeconds: 5 };
    let outage = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom('OPEN' as const, 'DRAWN' as const),
        async (length, statusInside) => {
          const db = database.db;
          // An outage in its own day: the last period recorded before it, then `length` periods no engine ran.
          const day = Date.UTC(2027, 0, 1 + ++outage, 0, 0, 0);
          const last = periodInfo(`${new Date(day).toISOString().slice(0, 10).replaceAll('-', '')}0100`, config);
          let current = last;
          for (let i = 0; i <= length; i++) current = periodInfo(nextPeriodId(current.periodId, config), config);
          const missed = missedPeriods(last.periodId, current, config)!;
          const ids: string[] = [];
          for (let id = missed.from; id < missed.before; id = nextPeriodId(id, config)) ids.push(id);
          expect(ids).toHaveLength(length);
          // One period inside the outage was recorded after all (another engine opened it, a bet is in it): it stays.
          const kept = ids[Math.floor(ids.length / 2)]!;
          const keptInfo = periodInfo(kept, config);
          await db
            .insertInto('periods')
            .values({
              id: kept,
              start_at: new Date(keptInfo.startTime),
              lock_at: new Date(keptInfo.lockTime),
              end_at: new Date(keptInfo.endTime),
              status: statusInside,
              chain_id: chainId,
              chain_index: ++chainIndex,
              seed_hash: HASH,
              ...(statusInside === 'DRAWN'
                ? { seed: HASH, digit: 3, color: 'green' as const, big_small: 'small' as const, drawn_at: new Date() }
                : {}),
            })
            .execute();
          const keptBets = await insertBets(kept, new Date(keptInfo.startTime), [
            { player: 0, game: 'color', pick: 0, amount: 1_000, fromBonusShare: 0, recorded: 200 },
          ]);
          const walletsBefore = await wallets();
          const batch = ids.map((id) => ({
            info: periodInfo(id, config),
            chainIndex: ++chainIndex,
            seedHash: HASH,
            seed: HASH,
          }));
          const recorded = await periods.recordMissed(batch, chainId, guard);
          reasons.add('missed');
          expect(recorded).toBe(length - 1);
          const rows = await db
            .selectFrom('periods')
            .select(['id', 'status', 'refund_reason', 'seed', 'results_published_at'])
            .where('id', 'in', ids)
            .orderBy('id')
            .execute();
          for (const row of rows) {
            if (row.id === kept) {
              expect({ status: row.status, reason: row.refund_reason }).toEqual({ status: statusInside, reason: null });
              continue;
            }
            // Refunded as missed, its seed revealed, nothing to publish: exactly what refunding a period without bets is.
            expect({
              status: row.status,
              reason: row.refund_reason,
              seed: row.seed,
              published: row.results_published_at !== null,
            }).toEqual({ status: 'REFUNDED', reason: 'missed', seed: HASH, published: true });
            const [event] = decideRefund({ periodId: row.id }, { periodId: row.id, status: 'OPEN', bets: [] });
            expect({
              total: event!.data.total,
              refunds: event!.data.refunds.size,
              bets: event!.data.betIds.length,
            }).toEqual({ total: 0, refunds: 0, bets: 0 });
          }
          // Nothing moved: no wallet, no receipt, no posting; the bet in the kept period is still pending.
          expect(await wallets()).toEqual(walletsBefore);
          const { rows: receipts } = await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM transactions WHERE type = 'REFUND' AND transaction_id LIKE ANY(${ids.map((id) => `RF${id}%`)})`.execute(
            db,
          );
          expect(receipts[0]!.n).toBe(0);
          const { rows: postings } = await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM events WHERE stream = ANY(${ids.map((id) => `period:${id}`)})`.execute(db);
          expect(postings[0]!.n).toBe(0);
          expect(
            (await db.selectFrom('bets').select('status').where('id', '=', keptBets[0]!.id).executeTakeFirstOrThrow())
              .status,
          ).toBe('PENDING');
        },
      ),
      { numRuns: 10 },
    );
    // With the refunds above: every reason a period is refunded for agrees with decideRefund.
    expect([...reasons].sort()).toEqual([...REFUND_REASONS].sort());
  });

  it('a drawn period is never refunded, for any reason, as neither the decider nor the lifecycle refunds one', async () => {
    const periodId = `20261123${String(lastSettled).padStart(4, '0')}`;
    const service = await engineSettlement(database.db, loadConfig({}));
    const drawn = `20261123${String(++periodSeq).padStart(4, '0')}`;
    const start = new Date(Date.UTC(2026, 10, 22, 18, 30) + periodSeq * 30_000);
    await database.db
      .insertInto('periods')
      .values({
        id: drawn,
        start_at: start,
        lock_at: new Date(start.getTime() + 25_000),
        end_at: new Date(start.getTime() + 30_000),
        status: 'DRAWN',
        chain_id: chainId,
        chain_index: ++chainIndex,
        seed_hash: HASH,
        seed: HASH,
        digit: 3,
        color: 'green',
        big_small: 'small',
      })
      .execute();
    for (const id of [periodId, drawn]) {
      for (const reason of ['not-drawn', 'beacon-unavailable'] as const) {
        expect(await service.refund(id, reason)).toBeNull();
        expect(decideRefund({ periodId: id }, { periodId: id, status: 'DRAWN', bets: [] })).toEqual([]);
      }
    }
    expect(
      (await database.db.selectFrom('periods').select('status').where('id', '=', drawn).executeTakeFirstOrThrow())
        .status,
    ).toBe('DRAWN');
  });

  it('a second settlement of a settled period does nothing, as the decider says', async () => {
    const periodId = `20261123${String(lastSettled).padStart(4, '0')}`;
    const config = loadConfig({});
    expect(await (await engineSettlement(database.db, config)).settle(periodId)).toBeNull();
  });
});

function payoutsEnv(payouts: PayoutTable): string {
  return formatPayouts(payouts);
}
