import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { Accounts } from './accounts.js';
import { lockWallets, recordEntries, UnbalancedEntryError } from './journal.js';
import { reconcile } from './reconcile.js';

describe('ledger journal', () => {
  let t: TestDatabase;
  const users: string[] = [];

  beforeAll(async () => {
    t = await createTestDatabase();
    for (const name of ['asha', 'vikram']) {
      const { id } = await t.db
        .insertInto('users')
        .values({
          username: name,
          email: `${name}@gmail.com`,
          password_hash: 'x',
          referral_code: name.toUpperCase().padEnd(8, 'X'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.insertInto('wallets').values({ user_id: id }).execute();
      users.push(id);
    }
  });
  afterAll(() => t.drop());

  const deposit = (userId: string, amount: number) => ({
    type: 'DepositApproved',
    stream: `wallet:${userId}`,
    userId,
    payload: { amount },
    postings: [
      { account: Accounts.clearingDeposits, amount: -amount },
      { account: Accounts.userMain(userId), amount },
    ],
  });

  it('records entries, postings, outbox rows and wallet projections in one go', async () => {
    const result = await t.db
      .transaction()
      .execute((trx) =>
        recordEntries(trx, [deposit(users[0]!, 50_000), deposit(users[1]!, 20_000), deposit(users[0]!, 1_000)]),
      );
    expect(result.seqs).toHaveLength(3);
    expect(result.seqs[1]).toBe(result.seqs[0]! + 1);
    expect(result.balances.get(users[0]!)).toEqual({ main: 51_000, bonus: 0 });
    expect(result.balances.get(users[1]!)).toEqual({ main: 20_000, bonus: 0 });
    const outbox = await t.db.selectFrom('outbox').select('event_seq').orderBy('event_seq').execute();
    expect(outbox.map((o) => o.event_seq)).toEqual(result.seqs);
    const report = await reconcile(t.db);
    expect(report.ok).toBe(true);
    expect(report.houseAccounts[Accounts.clearingDeposits]).toBe(-71_000n);
  });

  it("writes the caller's statements alongside, which may read the entries' sequence numbers", async () => {
    // Named like the table it reads and writes: the name must not turn into a reference to the statement itself.
    const result = await t.db.transaction().execute((trx) =>
      recordEntries(trx, [deposit(users[1]!, 10), deposit(users[1]!, 20)], {
        users: sql`UPDATE users SET updated_at = now() WHERE id IN (SELECT id FROM users WHERE id = ${users[1]!})
                   RETURNING id, (SELECT seq FROM journal_entries WHERE ord = 2) AS seq`,
      }),
    );
    expect(result.alongside.users).toEqual([{ id: users[1]!, seq: result.seqs[1] }]);
    await expect(
      t.db.transaction().execute((trx) => recordEntries(trx, [deposit(users[1]!, 10)], { wallets: sql`SELECT 1` })),
    ).rejects.toThrow(/not a name for a write alongside the journal: wallets/);
    await t.db.transaction().execute((trx) => recordEntries(trx, [deposit(users[1]!, -30)]));
  });

  it('refuses an unbalanced entry before touching the database', async () => {
    await expect(
      t.db
        .transaction()
        .execute((trx) =>
          recordEntries(trx, [
            { ...deposit(users[0]!, 100), postings: [{ account: Accounts.userMain(users[0]!), amount: 100 }] },
          ]),
        ),
    ).rejects.toThrow(UnbalancedEntryError);
  });

  it('refuses an overdraft and leaves nothing behind', async () => {
    const before = await t.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    await expect(
      t.db.transaction().execute((trx) =>
        recordEntries(trx, [
          {
            type: 'BetPlaced',
            stream: `wallet:${users[1]!}`,
            userId: users[1]!,
            payload: {},
            postings: [
              { account: Accounts.userMain(users[1]!), amount: -20_001 },
              { account: Accounts.houseStakes, amount: 20_001 },
            ],
          },
        ]),
      ),
    ).rejects.toThrow(/wallets_main_non_negative/);
    const after = await t.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await reconcile(t.db)).ok).toBe(true);
  });

  it('makes a command id apply once', async () => {
    const commandId = '5f0c8f5e-5b7e-4c55-9d7a-3f1e2d9c0a01';
    await t.db.transaction().execute((trx) => recordEntries(trx, [{ ...deposit(users[1]!, 500), commandId }]));
    await expect(
      t.db.transaction().execute((trx) => recordEntries(trx, [{ ...deposit(users[1]!, 500), commandId }])),
    ).rejects.toThrow(/events_command_id_key/);
    expect(
      (await t.db.selectFrom('wallets').select('main').where('user_id', '=', users[1]!).executeTakeFirstOrThrow()).main,
    ).toBe(20_500);
  });

  it('locks wallets in a fixed order and reports balances', async () => {
    const locked = await t.db.transaction().execute((trx) => lockWallets(trx, [users[1]!, users[0]!, users[1]!]));
    expect(locked.size).toBe(2);
    expect(locked.get(users[0]!)!.main).toBe(51_000);
  });

  it('reconciliation finds a projection that drifted from its postings', async () => {
    await sql`UPDATE wallets SET main = main + 1 WHERE user_id = ${users[0]!}`.execute(t.db);
    const report = await reconcile(t.db);
    expect(report.ok).toBe(false);
    expect(report.walletMismatches).toEqual([
      { userId: users[0]!, balance: 'main', wallet: 51_001n, postings: 51_000n },
    ]);
    await sql`UPDATE wallets SET main = main - 1 WHERE user_id = ${users[0]!}`.execute(t.db);
    expect((await reconcile(t.db)).ok).toBe(true);
  });
});
