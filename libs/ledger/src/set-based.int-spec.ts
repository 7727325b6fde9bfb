import { sql, type Transaction } from 'kysely';
import type { DB } from '@app/db';
import { createTestDatabase, type TestDatabase } from '@app/db/testing';
import { Accounts } from './accounts.js';
import { recordEntries } from './journal.js';
import { reconcile } from './reconcile.js';
import { recordSetBasedEntry, userAccountSql } from './set-based.js';

/**
 * A set-based entry pays players from the house in one statement (as a settlement pays a period's winners): the
 * caller's rows, the event, its postings and the wallets they move.
 */
describe('set-based journal entries', () => {
  let t: TestDatabase;
  const users: string[] = [];
  let walletless: string;

  const addUser = async (name: string, wallet: boolean) => {
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
    if (wallet) await t.db.insertInto('wallets').values({ user_id: id }).execute();
    return id;
  };

  beforeAll(async () => {
    t = await createTestDatabase();
    for (const name of ['meera', 'kabir', 'tara']) users.push(await addUser(name, true));
    walletless = await addUser('nowallet', false);
    // Every player starts with ₹10.00 (one deposit each).
    await t.db.transaction().execute((trx) =>
      recordEntries(
        trx,
        users.map((userId) => ({
          type: 'DepositApproved',
          stream: `wallet:${userId}`,
          userId,
          payload: {},
          postings: [
            { account: Accounts.clearingDeposits, amount: -1_000 },
            { account: Accounts.userMain(userId), amount: 1_000 },
          ],
        })),
      ),
    );
  });
  afterAll(() => t.drop());

  const balances = async () => {
    const rows = await t.db.selectFrom('wallets').select(['user_id', 'main', 'bonus']).execute();
    return new Map(rows.map((r) => [r.user_id, { main: Number(r.main), bonus: Number(r.bonus) }]));
  };

  /** An entry paying each (user, main, bonus) from house:pnl; `skew` unbalances it. */
  const pay = (trx: Transaction<DB>, pays: Array<[string, number, number]>, skew = 0) =>
    recordSetBasedEntry<{ players: number }>(trx, {
      with: sql`pays AS (
        SELECT * FROM unnest(${pays.map((p) => p[0])}::uuid[], ${pays.map((p) => p[1])}::bigint[], ${pays.map((p) => p[2])}::bigint[])
          AS p (user_id, main, bonus)
      ), totals AS (SELECT count(*)::int AS players, coalesce(sum(main + bonus), 0)::bigint AS paid FROM pays)`,
      type: 'Example',
      stream: 'example:prizes',
      payload: sql`jsonb_build_object('players', t.players)`,
      from: sql`totals t WHERE t.players > 0`,
      postings: sql`
        SELECT ${Accounts.housePnl}::text AS account, -t.paid + ${skew}::bigint AS amount FROM totals t
        UNION ALL SELECT ${userAccountSql(sql.ref('p.user_id'), 'main')}, p.main FROM pays p WHERE p.main <> 0
        UNION ALL SELECT ${userAccountSql(sql.ref('p.user_id'), 'bonus')}, p.bonus FROM pays p WHERE p.bonus <> 0`,
      result: sql`SELECT t.players FROM totals t`,
      walletDeltas: sql`SELECT user_id, main, bonus FROM pays`,
    });

  it('records the entry and moves its wallets in one statement', async () => {
    const before = await balances();
    const result = await t.db.transaction().execute((trx) =>
      pay(trx, [
        [users[0]!, 500, 0],
        [users[1]!, 200, 300],
      ]),
    );
    expect(result).toEqual({ players: 2, wallets: 2 });
    const after = await balances();
    expect(after.get(users[0]!)).toEqual({ main: before.get(users[0]!)!.main + 500, bonus: 0 });
    expect(after.get(users[1]!)).toEqual({ main: before.get(users[1]!)!.main + 200, bonus: 300 });
    expect(after.get(users[2]!)).toEqual(before.get(users[2]!));
    expect((await reconcile(t.db)).ok).toBe(true);
  });

  it.each([
    ['an entry that does not balance', () => [[users[0]!, 500, 0]] as Array<[string, number, number]>, 1],
    ['a player without a wallet', () => [[walletless, 500, 0]] as Array<[string, number, number]>, 0],
    ['a wallet taken below zero', () => [[users[2]!, -5_000, 0]] as Array<[string, number, number]>, 0],
  ])('refuses %s and leaves nothing behind', async (_case, pays, skew) => {
    const before = await balances();
    const events = await t.db
      .selectFrom('events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    await expect(t.db.transaction().execute((trx) => pay(trx, pays(), skew))).rejects.toThrow();
    expect(await balances()).toEqual(before);
    const after = await t.db
      .selectFrom('events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(events.n);
    expect((await reconcile(t.db)).ok).toBe(true);
  });

  it('moves a wallet another transaction holds from the balance that transaction commits (no lost update)', async () => {
    const player = users[2]!;
    const before = (await balances()).get(player)!.main;
    // A bet batch holds the player's wallet and spends from it…
    let commitBet!: () => void;
    const betHeld = new Promise<void>((resolve) => {
      commitBet = resolve;
    });
    let locked!: () => void;
    const walletLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const bet = t.db.transaction().execute(async (trx) => {
      await recordEntries(trx, [
        {
          type: 'Example',
          stream: `wallet:${player}`,
          userId: player,
          payload: {},
          postings: [
            { account: Accounts.userMain(player), amount: -300 },
            { account: Accounts.houseStakes, amount: 300 },
          ],
        },
      ]);
      locked();
      await betHeld;
    });
    await walletLocked;
    // …while a set-based entry pays the same player: it waits for the wallet, then adds to what the bet left.
    const paid = t.db.transaction().execute((trx) => pay(trx, [[player, 700, 0]]));
    let done = false;
    void paid.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(done).toBe(false);
    commitBet();
    await bet;
    await expect(paid).resolves.toEqual({ players: 1, wallets: 1 });
    expect((await balances()).get(player)!.main).toBe(before - 300 + 700);
    expect((await reconcile(t.db)).ok).toBe(true);
  });
});
