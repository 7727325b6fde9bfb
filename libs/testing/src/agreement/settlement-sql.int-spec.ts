import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import fc from 'fast-check';
import { sql } from 'kysely';
import { loadConfig } from '@app/config';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { decideRefund, decideSettlement, GAMES_BY_KEY, GAME_KEYS, periodPostings, resultFromDigit, type GameKey, type PeriodBet, type PayoutTable } from '@app/domain';
import { Accounts } from '@app/ledger';
import { engineSettlement } from '../apps.js';

/**
 * The round engine settles a period with one set-based SQL statement (what makes 100k bets fast); the domain's
 * decideSettlement says what settling means. This property holds them together: for generated bets (any stake in
 * paise, any choice, many players) and generated payout tables and GST rates, every bet row the SQL settles and the
 * period's journal entry are exactly what the decider decides; and a refunded period returns each stake as decideRefund says.
 */

const PLAYERS = 60;
const HASH = 'a'.repeat(64);

interface GeneratedBet {
  player: number;
  game: GameKey;
  pick: number;
  amount: number;
  fromBonusShare: number;
}

const betArb: fc.Arbitrary<GeneratedBet> = fc.record({
  player: fc.nat(PLAYERS - 1),
  game: fc.constantFrom(...GAME_KEYS),
  pick: fc.nat(9),
  amount: fc.oneof(fc.constantFrom(1_000, 5_000, 10_000, 20_000, 50_000, 100_000), fc.integer({ min: 1, max: 10_000_000 })),
  fromBonusShare: fc.double({ min: 0, max: 1, noNaN: true }),
});
/** A payout above 1 with at most 2 decimals, up to x1000. */
const payoutArb = fc.integer({ min: 101, max: 100_000 }).map((hundredths) => hundredths / 100);
const caseArb = fc.record({
  // One bet per player and game in a period (bets_one_per_game).
  bets: fc.uniqueArray(betArb, { minLength: 0, maxLength: PLAYERS * 3, size: 'max', selector: (b) => `${b.player}:${b.game}` }),
  digit: fc.nat(9),
  payouts: fc.record({ color: payoutArb, bigSmall: payoutArb, number: payoutArb }),
  gstBps: fc.integer({ min: 0, max: 10_000 }),
});

describe('the engine’s set-based settlement and refund agree with the domain’s deciders', () => {
  let database: TestDatabase;
  let players: string[];
  let chainId: number;
  let chainIndex = 0;
  let periodSeq = 0;
  let settledBets = 0;
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
      };
    });
    if (bets.length > 0) {
      await database.db
        .insertInto('bets')
        .values(bets.map((b) => ({ id: b.id, user_id: b.userId, period_id: periodId, bet_type: b.betType, bet_value: b.betValue, amount: b.amount, from_bonus: b.fromBonus, placed_at: placedAt })))
        .execute();
    }
    return bets;
  }

  beforeAll(async () => {
    Logger.overrideLogger(false);
    database = await createTestDatabase();
    const db = database.db;
    players = Array.from({ length: PLAYERS }, () => randomUUID());
    await db
      .insertInto('users')
      .values(players.map((id, i) => ({ id, username: `settle_${i}`, email: `settle.${i}@gmail.com`, password_hash: 'x', role: 'user' as const, referral_code: `S${String(i).padStart(7, '0')}` })))
      .execute();
    await db.insertInto('wallets').values(players.map((user_id) => ({ user_id, is_active: true }))).execute();
    chainId = (await db.insertInto('fairness_chains').values({ commitment: HASH, tip: HASH, length: 1_000_000 }).returning('id').executeTakeFirstOrThrow()).id;
  });

  afterAll(async () => {
    await database.drop();
  });

  it('for every generated period: each bet’s outcome, win, GST and selected value, and the period’s postings', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ bets: generated, digit, payouts, gstBps }) => {
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

        const config = loadConfig({ PAYOUTS: payoutsEnv(payouts), GST_RATE: String(gstBps / 10_000) });
        expect(config.gstBps).toBe(gstBps);
        const outcome = await (await engineSettlement(db, config)).settle(periodId);

        const [expected] = decideSettlement({ periodId, result, payouts, gstBps }, { periodId, status: 'DRAWN', bets });
        const byId = new Map(outcome!.bets.map((row) => [row.id, row]));
        expect(byId.size).toBe(bets.length);
        for (const bet of expected!.data.bets) {
          const row = byId.get(bet.id)!;
          expect({ id: row.id, status: row.status, isWin: row.is_win, win: Number(row.win_amount), gst: Number(row.gst_amount), selected: row.system_selected_value }).toEqual({
            id: bet.id,
            status: 'COMPLETED',
            isWin: bet.isWin,
            win: bet.net,
            gst: bet.isWin ? bet.gst : 0,
            selected: bet.systemSelectedValue,
          });
        }
        const { rows: postings } = await sql<{ account: string; amount: string }>`
          SELECT p.account, p.amount::text FROM ledger_postings p JOIN events e ON e.seq = p.event_seq
          WHERE e.stream = ${`period:${periodId}`} AND e.type = 'PeriodSettled'
        `.execute(db);
        const sorted = (list: { account: string; amount: number }[]) => [...list].sort((a, b) => a.account.localeCompare(b.account) || a.amount - b.amount);
        expect(sorted(postings.map((p) => ({ account: p.account, amount: Number(p.amount) })))).toEqual(sorted(periodPostings(expected!, Accounts)));
        settledBets += bets.length;
        lastSettled = periodSeq;
      }),
      { numRuns: 50 },
    );
    // Thousands of bets across the runs, not a handful.
    expect(settledBets).toBeGreaterThan(2_000);
  });

  it('for every generated open period that cannot be drawn in time: each stake goes back where it came from', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ bets: generated }) => {
        const db = database.db;
        const periodId = `20261123${String(++periodSeq).padStart(4, '0')}`;
        const start = new Date(Date.UTC(2026, 10, 22, 18, 30) + periodSeq * 30_000);
        await db
          .insertInto('periods')
          .values({ id: periodId, start_at: start, lock_at: new Date(start.getTime() + 25_000), end_at: new Date(start.getTime() + 30_000), status: 'OPEN', chain_id: chainId, chain_index: ++chainIndex, seed_hash: HASH })
          .execute();
        const bets = await insertBets(periodId, start, generated);
        const outcome = await (await engineSettlement(db, loadConfig({}))).refund(periodId);
        const [expected] = decideRefund({ periodId }, { periodId, status: 'OPEN', bets });
        expect(outcome!.bets.map((b) => b.id).sort()).toEqual([...expected!.data.betIds].sort());
        expect(outcome!.bets.every((b) => b.status === 'REFUNDED')).toBe(true);
        const { rows: postings } = await sql<{ account: string; amount: string }>`
          SELECT p.account, p.amount::text FROM ledger_postings p JOIN events e ON e.seq = p.event_seq
          WHERE e.stream = ${`period:${periodId}`} AND e.type = 'PeriodRefunded'
        `.execute(db);
        const sorted = (list: { account: string; amount: number }[]) => [...list].sort((a, b) => a.account.localeCompare(b.account) || a.amount - b.amount);
        expect(sorted(postings.map((p) => ({ account: p.account, amount: Number(p.amount) })))).toEqual(bets.length === 0 ? [] : sorted(periodPostings(expected!, Accounts)));
      }),
      { numRuns: 15 },
    );
  });

  it('a second settlement of a settled period does nothing, as the decider says', async () => {
    const periodId = `20261123${String(lastSettled).padStart(4, '0')}`;
    const config = loadConfig({});
    expect(await (await engineSettlement(database.db, config)).settle(periodId)).toBeNull();
  });
});

function payoutsEnv(payouts: PayoutTable): string {
  return GAME_KEYS.map((key) => `${key}=${payouts[key]}`).join(',');
}
