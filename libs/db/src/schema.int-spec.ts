import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from './testing/index.js';

describe('base schema protects money', () => {
  let t: TestDatabase;
  let userId: string;
  let walletId: string;

  beforeAll(async () => {
    t = await createTestDatabase();
    const user = await t.db
      .insertInto('users')
      .values({ username: 'ravi', email: 'ravi@gmail.com', password_hash: 'x', referral_code: 'RAVI0001' })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = user.id;
    walletId = (await t.db.insertInto('wallets').values({ user_id: userId }).returning('id').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => t.drop());

  const event = async () =>
    (
      await t.db
        .insertInto('events')
        .values({ type: 'Test', stream: `wallet:${userId}`, user_id: userId, payload: '{}' })
        .returning('seq')
        .executeTakeFirstOrThrow()
    ).seq;

  it('refuses a negative balance', async () => {
    await expect(t.db.updateTable('wallets').set({ main: -1 }).where('id', '=', walletId).execute()).rejects.toThrow(
      /wallets_main_non_negative/,
    );
  });

  it('accepts a balanced journal entry and refuses an unbalanced one', async () => {
    const seq = await event();
    await t.db
      .insertInto('ledger_postings')
      .values([
        { event_seq: seq, account: `user:${userId}:main`, amount: 10_000 },
        { event_seq: seq, account: 'clearing:deposits', amount: -10_000 },
      ])
      .execute();
    const other = await event();
    await expect(
      t.db
        .insertInto('ledger_postings')
        .values([
          { event_seq: other, account: `user:${userId}:main`, amount: 10_000 },
          { event_seq: other, account: 'clearing:deposits', amount: -9_999 },
        ])
        .execute(),
    ).rejects.toThrow(/does not balance/);
  });

  it('refuses an unknown ledger account', async () => {
    const seq = await event();
    await expect(
      t.db
        .insertInto('ledger_postings')
        .values([
          { event_seq: seq, account: 'house:whatever', amount: 1 },
          { event_seq: seq, account: 'house:pnl', amount: -1 },
        ])
        .execute(),
    ).rejects.toThrow(/check constraint/);
  });

  it('accepts exactly the ledger accounts of the pattern: user:<uuid>:main|bonus, and the house and clearing accounts by name', async () => {
    const pattern =
      /^(user:[0-9a-f-]{36}:(main|bonus)|house:(stakes|pnl|gst|bonus)|clearing:(deposits|withdrawals|payouts))$/;
    const id = '0f1e2d3c-4b5a-6978-8a9b-acbdcedfe0f1';
    const candidates = [
      `user:${id}:main`,
      `user:${id}:bonus`,
      'house:stakes',
      'house:pnl',
      'house:gst',
      'house:bonus',
      'clearing:deposits',
      'clearing:withdrawals',
      'clearing:payouts',
      `user:${'-'.repeat(36)}:main`,
      `user:${id}:mainx`,
      `user:${id}:Main`,
      `user:${id}:`,
      `user:${id}main`,
      `user:${id.toUpperCase()}:main`,
      `user:${id.slice(1)}:main`,
      `user:${id}0:main`,
      `user:${id.replace('f', 'g')}:bonus`,
      ` user:${id}:main`,
      `user:${id}:main `,
      `User:${id}:main`,
      `user:${id}:bonus\n`,
      'house:whatever',
      'house:',
      'house:stakes ',
      'clearing:deposit',
      'clearing:payoutss',
      'user::main',
      '',
      `user:${id}:main:main`,
    ];
    const accepted: string[] = [];
    for (const account of candidates) {
      const seq = await event();
      const ok = await t.db
        .insertInto('ledger_postings')
        .values([
          { event_seq: seq, account, amount: 1 },
          { event_seq: seq, account: 'house:pnl', amount: -1 },
        ])
        .execute()
        .then(
          () => true,
          (error: Error) => (/ledger_postings_account_check/.test(error.message) ? false : Promise.reject(error)),
        );
      if (ok) accepted.push(account);
    }
    expect(accepted).toEqual(candidates.filter((a) => pattern.test(a)));
    expect(accepted).toHaveLength(10);
  });

  it('keeps events, postings and the audit log append-only', async () => {
    const seq = await event();
    await expect(sql`UPDATE events SET type = 'Other' WHERE seq = ${seq}`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM ledger_postings`.execute(t.db)).rejects.toThrow(/append-only/);
    await t.db.insertInto('audit_log').values({ action: 'test', target_type: 'x', target_id: '1' }).execute();
    await expect(sql`DELETE FROM audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE events CASCADE`.execute(t.db)).rejects.toThrow(/append-only/);
  });

  it('lets a UTR be held by one pending or approved claim at a time; a rejected claim releases it (migration 0019)', async () => {
    const deposit = (transactionId: string) =>
      t.db
        .insertInto('transactions')
        .values({
          transaction_id: transactionId,
          user_id: userId,
          wallet_id: walletId,
          type: 'DEPOSIT',
          method: 'UPI',
          status: 'PENDING',
          amount: 50_000,
          utr_number: '123456789012',
          ist_day: '2026-11-21',
        })
        .execute();
    const decideAs = (transactionId: string, status: 'COMPLETED' | 'FAILED') =>
      t.db
        .updateTable('transactions')
        .set({ status, reviewed_at: new Date() })
        .where('transaction_id', '=', transactionId)
        .execute();
    await deposit('DEP1');
    await expect(deposit('DEP2')).rejects.toThrow(/transactions_utr_held/);
    await decideAs('DEP1', 'FAILED');
    await deposit('DEP2');
    await decideAs('DEP2', 'COMPLETED');
    await expect(deposit('DEP3')).rejects.toThrow(/transactions_utr_held/);
    // A decided claim never returns to PENDING, so a released UTR stays released.
    await expect(
      t.db.updateTable('transactions').set({ status: 'PENDING' }).where('transaction_id', '=', 'DEP1').execute(),
    ).rejects.toThrow(/already FAILED/);
  });

  it('allows one bet per player, period and game', async () => {
    const chain = await t.db
      .insertInto('fairness_chains')
      .values({ commitment: 'a'.repeat(64), tip: null, tip_sealed: 'AAAA', key_id: '0'.repeat(16), length: 10 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('periods')
      .values({
        id: '202611210001',
        start_at: new Date('2026-11-20T18:30:00Z'),
        lock_at: new Date('2026-11-20T18:30:25Z'),
        end_at: new Date('2026-11-20T18:30:30Z'),
        chain_id: chain.id,
        chain_index: 1,
        seed_hash: 'a'.repeat(64),
      })
      .execute();
    const bet = (id: string) =>
      t.db
        .insertInto('bets')
        .values({
          id,
          user_id: userId,
          period_id: '202611210001',
          bet_type: 'color',
          bet_value: 'red',
          amount: 1000,
          placed_at: new Date(),
        })
        .execute();
    await bet('00000000-0000-4000-8000-000000000001');
    await expect(bet('00000000-0000-4000-8000-000000000002')).rejects.toThrow(/bets_one_per_game/);
  });

  it('refuses a bet, an answer or a posting that names a row that does not exist, whatever the batch around it', async () => {
    const period = '202611210001';
    const bet = (
      id: string,
      user: string,
      periodId = period,
      betType: 'color' | 'bigSmall' | 'number' = 'bigSmall',
    ) => ({
      id,
      user_id: user,
      period_id: periodId,
      bet_type: betType,
      bet_value: 'big',
      amount: 1000,
      placed_at: new Date(),
    });
    const noSuchUser = '00000000-0000-4000-8000-0000000000aa';
    // One bad row among good ones fails the whole statement, with the foreign key's code and name.
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: { code?: string; constraint?: string }) => [e.code, e.constraint],
      );
    expect(
      await refused(
        t.db
          .insertInto('bets')
          .values([
            bet('00000000-0000-4000-8000-000000000011', userId),
            bet('00000000-0000-4000-8000-000000000012', noSuchUser),
          ])
          .execute(),
      ),
    ).toEqual(['23503', 'bets_user_id_fkey']);
    expect(
      await refused(
        t.db
          .insertInto('bets')
          .values([bet('00000000-0000-4000-8000-000000000013', userId, '200001010001')])
          .execute(),
      ),
    ).toEqual(['23503', 'bets_period_id_fkey']);
    // The journal entry that took a bet's stake (placed_seq) must exist too.
    expect(
      await refused(
        t.db
          .insertInto('bets')
          .values([{ ...bet('00000000-0000-4000-8000-000000000014', userId), placed_seq: 9_000_000_000 }])
          .execute(),
      ),
    ).toEqual(['23503', 'bets_placed_seq_fkey']);
    expect(
      await t.db
        .selectFrom('bets')
        .select('id')
        .where('id', 'in', [
          '00000000-0000-4000-8000-000000000011',
          '00000000-0000-4000-8000-000000000013',
          '00000000-0000-4000-8000-000000000014',
        ])
        .execute(),
    ).toEqual([]);
    const outcome = (betId: string | null, kind: 'accepted' | 'rejected' = 'accepted') => ({
      user_id: userId,
      command_id: betId ?? '00000000-0000-4000-8000-0000000000cc',
      kind,
      bet_id: betId,
      period_id: period,
      message: 'x',
    });
    expect(
      await refused(
        t.db
          .insertInto('bet_outcomes')
          .values([outcome('00000000-0000-4000-8000-0000000000bb')])
          .execute(),
      ),
    ).toEqual(['23503', 'bet_outcomes_bet_id_fkey']);
    await t.db
      .insertInto('bet_outcomes')
      .values([outcome(null, 'rejected')])
      .execute();
    const seq = await event();
    expect(
      await refused(
        t.db
          .insertInto('ledger_postings')
          .values([
            { event_seq: seq, account: 'house:stakes', amount: 1 },
            { event_seq: seq, account: 'house:pnl', amount: -1 },
            { event_seq: 9_000_000_000, account: 'house:stakes', amount: 1 },
            { event_seq: 9_000_000_000, account: 'house:pnl', amount: -1 },
          ])
          .execute(),
      ),
    ).toEqual(['23503', 'ledger_postings_event_seq_fkey']);
  });

  it('keeps what bets, answers and postings name: periods and bets are never deleted nor re-keyed, nor a player who has bets', async () => {
    const betId = '00000000-0000-4000-8000-000000000021';
    await t.db
      .insertInto('bets')
      .values({
        id: betId,
        user_id: userId,
        period_id: '202611210001',
        bet_type: 'number',
        bet_value: '7',
        amount: 1000,
        placed_at: new Date(),
      })
      .execute();
    await expect(sql`DELETE FROM bets WHERE id = ${betId}`.execute(t.db)).rejects.toThrow(/never deleted/);
    await expect(sql`UPDATE bets SET user_id = gen_random_uuid() WHERE id = ${betId}`.execute(t.db)).rejects.toThrow(
      /keep their keys/,
    );
    await expect(sql`UPDATE bets SET period_id = '202611210002' WHERE id = ${betId}`.execute(t.db)).rejects.toThrow(
      /keep their keys/,
    );
    await expect(sql`UPDATE bets SET placed_seq = ${await event()} WHERE id = ${betId}`.execute(t.db)).rejects.toThrow(
      /keep their keys/,
    );
    await expect(sql`TRUNCATE bets CASCADE`.execute(t.db)).rejects.toThrow(/keep their keys/);
    // Settling a bet (its status and amounts) is not a change of key.
    await sql`UPDATE bets SET status = 'COMPLETED', is_win = false WHERE id = ${betId}`.execute(t.db);
    await expect(sql`DELETE FROM periods WHERE id = '202611210001'`.execute(t.db)).rejects.toThrow(/never deleted/);
    await expect(sql`UPDATE periods SET id = '202611210009' WHERE id = '202611210001'`.execute(t.db)).rejects.toThrow(
      /keep their keys/,
    );
    await expect(sql`DELETE FROM users WHERE id = ${userId}`.execute(t.db)).rejects.toThrow(/has bets/);
    await expect(sql`UPDATE users SET id = gen_random_uuid() WHERE id = ${userId}`.execute(t.db)).rejects.toThrow(
      /has bets/,
    );
  });
});
