import { sql } from 'kysely';
import type { BetMessage, GameKey, Statement, StatementLine } from '@app/contracts';
import { DAY_MS, istDateKey, nextPeriodId } from '@app/domain';
import { Accounts, recordEntries } from '@app/ledger';
import {
  createUser,
  eventually,
  expectLedgerReconciles,
  freshPeriod,
  startTestApi,
  startTestEngine,
  TEST_API_KEY,
  type TestApi,
  type TestEngine,
  type TestUser,
} from '@app/testing';
import { decide, deposit, newUtr, upiWithdrawal, wallet, withdraw } from '../payment/testing/payments.js';

const ROUNDS = {
  ROUND_SECONDS: '4',
  LOCK_SECONDS: '1',
  BET_PARTITIONS: '2',
  FAIRNESS_CHAIN_LENGTH: '3000',
  RATE_LIMITS: 'false',
  WITHDRAWAL_TURNOVER_PERCENT: '0',
};
const periodConfig = { roundSeconds: 4, lockSeconds: 1 };
const today = () => istDateKey(Date.now());
const yesterday = () => istDateKey(Date.now() - DAY_MS);
const paise = (rupees: number) => Math.round(rupees * 100);

/** The player's journal entries as the ledger holds them: postings per entry and balance, in entry order. */
async function ledgerEntries(api: TestApi, userId: string) {
  const rows = await api.db
    .selectFrom('ledger_postings')
    .select(['event_seq', 'account', 'amount'])
    .where('account', 'in', [Accounts.userMain(userId), Accounts.userBonus(userId)])
    .orderBy('event_seq')
    .execute();
  const entries = new Map<number, { main: number; bonus: number }>();
  for (const row of rows) {
    const entry = entries.get(Number(row.event_seq)) ?? { main: 0, bonus: 0 };
    entry[row.account.endsWith(':main') ? 'main' : 'bonus'] += Number(row.amount);
    entries.set(Number(row.event_seq), entry);
  }
  return [...entries].map(([seq, moved]) => ({ entry: seq, ...moved }));
}

/** Every page of a JSON statement, followed by `nextAfter`. */
async function allPages(
  api: TestApi,
  token: string,
  path: string,
): Promise<{ first: Statement; lines: StatementLine[]; pages: number }> {
  let after: number | null = 0;
  let first: Statement | undefined;
  const lines: StatementLine[] = [];
  let pages = 0;
  while (after !== null) {
    const res = await api.request('GET', `${path}&after=${after}`, { token });
    expect(res.status).toBe(200);
    const statement: Statement = res.body.data.statement;
    first ??= statement;
    lines.push(...statement.lines);
    after = statement.nextAfter;
    pages += 1;
  }
  return { first: first!, lines, pages };
}

describe('account statements', () => {
  let api: TestApi;
  let engine: TestEngine;
  let admin: TestUser;
  beforeAll(async () => {
    api = await startTestApi({ env: ROUNDS });
    engine = await startTestEngine({
      database: api.database,
      env: { ...ROUNDS, REDIS_PREFIX: api.config.REDIS_PREFIX },
    });
    admin = await createUser(api, { role: 'super-admin' });
  });
  afterAll(async () => {
    await engine.close();
    await api.close();
  });

  async function playRound(
    user: TestUser,
    bets: Array<{ betType: GameKey; betValue: string; amount: number }>,
  ): Promise<string> {
    const period = await freshPeriod(periodConfig, 2000);
    const socket = await api.connect({ apiKey: TEST_API_KEY, token: user.token });
    for (const bet of bets) {
      const answer = new Promise<BetMessage>((resolve) => socket.once('bet-message', resolve));
      socket.emit('place-bet', { periodId: period.periodId, ...bet });
      expect(await answer).toMatchObject({ success: true });
    }
    socket.disconnect();
    await eventually(
      async () =>
        (await api.db.selectFrom('bets').select('status').where('period_id', '=', period.periodId).execute()).every(
          (b) => b.status === 'COMPLETED',
        ),
      15_000,
      `the bets of ${period.periodId} settled`,
    );
    return period.periodId;
  }

  it('reconciles a real history with the ledger and the wallet: deposit, bonus-first stakes, the engine’s settlement, withdrawals', async () => {
    const player = await createUser(api, { bonus: 5_000 });
    const dep = await deposit(api, player, {
      amount: 1000,
      utrNumber: newUtr(),
      upiApp: 'PHONEPE',
      payer: 'asha.k@okaxis',
    });
    expect(dep.status).toBe(201);
    expect((await decide(api, admin, dep.body.data.transactionId, 'COMPLETED')).status).toBe(200);
    const periodId = await playRound(player, [
      { betType: 'bigSmall', betValue: 'big', amount: 100 },
      { betType: 'color', betValue: 'red', amount: 50 },
    ]);
    // A withdrawal returned by the reviewer, then one paid out.
    const returned = await withdraw(api, player, upiWithdrawal(500));
    expect(returned.status).toBe(201);
    expect((await decide(api, admin, returned.body.data.transactionId, 'FAILED')).status).toBe(200);
    const paid = await withdraw(api, player, upiWithdrawal(500));
    expect(paid.status).toBe(201);
    expect((await decide(api, admin, paid.body.data.transactionId, 'COMPLETED')).status).toBe(200);

    const res = await api.request('GET', `/api/v1/wallet/statement?from=${yesterday()}&to=${today()}`, {
      token: player.token,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const statement: Statement = res.body.data.statement;
    const now = await wallet(api.db, player.id);

    // Opening + lines = closing = the wallet now, and each line is its journal entry's postings.
    expect(statement.opening).toEqual({ main: 0, bonus: 0 });
    expect({ main: paise(statement.closing.main), bonus: paise(statement.closing.bonus) }).toEqual({
      main: now.main,
      bonus: now.bonus,
    });
    const ledger = await ledgerEntries(api, player.id);
    expect(statement.lines.map((l) => ({ entry: l.entry, main: paise(l.main), bonus: paise(l.bonus) }))).toEqual(
      ledger,
    );
    const sum = statement.lines.reduce((s, l) => ({ main: s.main + paise(l.main), bonus: s.bonus + paise(l.bonus) }), {
      main: 0,
      bonus: 0,
    });
    expect(sum).toEqual({ main: now.main, bonus: now.bonus });
    expect(statement.lines.at(-1)!.balance).toEqual(statement.closing);
    expect(statement.nextAfter).toBeNull();

    // What each line is, with its round or transaction.
    const kinds = statement.lines.map((l) => l.kind);
    const won = (await api.db.selectFrom('bets').select('is_win').where('user_id', '=', player.id).execute()).some(
      (b) => b.is_win,
    );
    // Each bet answered before the next was sent: two bet batches, two journal entries.
    expect(kinds).toEqual([
      'adjustment',
      'deposit',
      'stake',
      'stake',
      ...(won ? ['win'] : []),
      'withdrawal',
      'withdrawal-returned',
      'withdrawal',
    ]);
    const stakes = statement.lines.filter((l) => l.kind === 'stake');
    // ₹100 on big paid ₹50 from bonus first, then ₹50 from main; ₹50 on red from main.
    expect(stakes.map(({ periodId, main, bonus, reference }) => ({ periodId, main, bonus, reference }))).toEqual([
      { periodId, main: -50, bonus: -50, reference: null },
      { periodId, main: -50, bonus: 0, reference: null },
    ]);
    const stake = stakes[0]!;
    if (won) expect(statement.lines.find((l) => l.kind === 'win')).toMatchObject({ periodId });
    expect(statement.lines.find((l) => l.kind === 'deposit')).toMatchObject({
      reference: dep.body.data.transactionId,
      main: 1000,
      periodId: null,
    });
    expect(statement.lines.filter((l) => l.kind === 'withdrawal').map((l) => l.reference)).toEqual([
      returned.body.data.transactionId,
      paid.body.data.transactionId,
    ]);
    expect(statement.totals.out.main).toBe(-1100);

    // The CSV says the same, as a download.
    const csv = await api.request('GET', `/api/v1/wallet/statement?from=${yesterday()}&to=${today()}&format=csv`, {
      token: player.token,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="winround-statement-${yesterday()}-to-${today()}.csv"`,
    );
    expect(csv.headers.get('cache-control')).toBe('no-store');
    const rows = (csv.body as string).trimEnd().split('\r\n');
    expect(rows[0]).toBe('Date (IST),Entry,Type,Period,Reference,Main,Bonus,Main balance,Bonus balance');
    expect(rows[1]).toBe(`${yesterday()} 00:00:00,,Opening balance,,,,,0.00,0.00`);
    expect(rows).toHaveLength(statement.lines.length + 3);
    const stakeRow = rows.find((r) => r.split(',')[2] === 'Stake')!.split(',');
    expect(stakeRow.slice(1, 7)).toEqual([String(stake.entry), 'Stake', periodId, '', '-50.00', '-50.00']);
    expect(stakeRow[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows.at(-1)).toBe(
      `${today()} 23:59:59,,Closing balance,,,,,${(now.main / 100).toFixed(2)},${(now.bonus / 100).toFixed(2)}`,
    );

    // A range before the history is empty; one after it starts and ends at the wallet's balance.
    const before = (
      await api.request('GET', `/api/v1/wallet/statement?from=2020-01-01&to=2020-01-31`, { token: player.token })
    ).body.data.statement;
    expect(before).toMatchObject({
      opening: { main: 0, bonus: 0 },
      closing: { main: 0, bonus: 0 },
      lines: [],
      nextAfter: null,
    });
    const tomorrow = istDateKey(Date.now() + DAY_MS);
    const after = (
      await api.request('GET', `/api/v1/wallet/statement?from=${tomorrow}&to=${tomorrow}`, { token: player.token })
    ).body.data.statement;
    expect(after).toMatchObject({ opening: statement.closing, closing: statement.closing, lines: [] });

    // The console gets the same statement, and the act is audited with the admin and the player.
    const copy = await api.request(
      'GET',
      `/api/v1/admin/players/${player.id}/statement?from=${yesterday()}&to=${today()}`,
      { token: admin.token },
    );
    expect(copy.status).toBe(200);
    expect(copy.body.data.statement).toEqual(statement);
    const adminCsv = await api.request(
      'GET',
      `/api/v1/admin/players/${player.id}/statement?from=${yesterday()}&to=${today()}&format=csv`,
      { token: admin.token },
    );
    expect(adminCsv.body).toBe(csv.body);
    const audits = await api.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'player.statement')
      .where('beneficiary_id', '=', player.id)
      .orderBy('id')
      .execute();
    expect(audits.map((a) => ({ actor: a.actor_id, target: a.target_id, metadata: a.metadata }))).toEqual([
      { actor: admin.id, target: player.id, metadata: { from: yesterday(), to: today(), format: 'json' } },
      { actor: admin.id, target: player.id, metadata: { from: yesterday(), to: today(), format: 'csv' } },
    ]);
    await expectLedgerReconciles(api.db);
  });

  it('a period that could not be drawn in time is refunded: the stake and its refund, each a line with the period', async () => {
    const player = await createUser(api, { main: 20_000 });
    const period = await freshPeriod(periodConfig, 2000);
    const socket = await api.connect({ apiKey: TEST_API_KEY, token: player.token });
    const answer = new Promise<BetMessage>((resolve) => socket.once('bet-message', resolve));
    socket.emit('place-bet', { periodId: period.periodId, betType: 'bigSmall', betValue: 'small', amount: 100 });
    expect(await answer).toMatchObject({ success: true });
    socket.disconnect();
    const status = async (id: string) =>
      (await api.db.selectFrom('periods').select('status').where('id', '=', id).executeTakeFirst())?.status;
    // Every write to this period fails (its commitment, its draw) until it has missed its round; then it is refunded.
    await sql
      .raw(
        `CREATE TRIGGER period_${period.periodId}_stuck BEFORE UPDATE ON periods FOR EACH ROW WHEN (OLD.id = '${period.periodId}') EXECUTE FUNCTION forbid_change()`,
      )
      .execute(api.db);
    try {
      const later = nextPeriodId(nextPeriodId(period.periodId, periodConfig), periodConfig);
      await eventually(
        async () => ['SETTLED', 'REFUNDED'].includes((await status(later)) ?? ''),
        20_000,
        `period ${later} over`,
      );
      expect(await status(period.periodId)).toBe('OPEN');
    } finally {
      await sql.raw(`DROP TRIGGER period_${period.periodId}_stuck ON periods`).execute(api.db);
    }
    await eventually(
      async () => (await status(period.periodId)) === 'REFUNDED',
      15_000,
      `period ${period.periodId} refunded`,
    );
    expect(
      (
        await api.db
          .selectFrom('periods')
          .select('refund_reason')
          .where('id', '=', period.periodId)
          .executeTakeFirstOrThrow()
      ).refund_reason,
    ).toBe('not-drawn');

    const res = await api.request('GET', `/api/v1/wallet/statement?from=${yesterday()}&to=${today()}`, {
      token: player.token,
    });
    expect(res.status).toBe(200);
    const statement: Statement = res.body.data.statement;
    expect(statement.lines.map(({ kind, periodId, main, bonus }) => ({ kind, periodId, main, bonus }))).toEqual([
      { kind: 'adjustment', periodId: null, main: 200, bonus: 0 },
      { kind: 'stake', periodId: period.periodId, main: -100, bonus: 0 },
      { kind: 'refund', periodId: period.periodId, main: 100, bonus: 0 },
    ]);
    expect(statement.lines.map((l) => ({ entry: l.entry, main: paise(l.main), bonus: paise(l.bonus) }))).toEqual(
      await ledgerEntries(api, player.id),
    );
    expect(statement.lines.at(-1)!.balance).toEqual({ main: 200, bonus: 0 });
    expect(statement.closing).toEqual({ main: 200, bonus: 0 });
    expect(statement.totals).toMatchObject({ in: { main: 300 }, out: { main: -100 } });
    const csv = await api.request('GET', `/api/v1/wallet/statement?from=${yesterday()}&to=${today()}&format=csv`, {
      token: player.token,
    });
    const refundRow = (csv.body as string)
      .split('\r\n')
      .find((r) => r.split(',')[2] === 'Refund')!
      .split(',');
    expect(refundRow.slice(2, 9)).toEqual(['Refund', period.periodId, '', '100.00', '0.00', '200.00', '0.00']);
    await expectLedgerReconciles(api.db);
  });

  it('pages a long history by journal entry: whole entries, continuous running balances, the CSV streamed whole', async () => {
    const player = await createUser(api);
    // 1,234 entries, some touching both balances (a stake paid from bonus and main is one entry, one line).
    const entries = Array.from({ length: 1234 }, (_, i) => ({
      type: 'TestFunding',
      stream: `wallet:${player.id}`,
      userId: player.id,
      payload: {},
      outbox: false,
      postings:
        i % 3 === 0
          ? [
              { account: Accounts.clearingDeposits, amount: -300 },
              { account: Accounts.userMain(player.id), amount: 200 },
              { account: Accounts.userBonus(player.id), amount: 100 },
            ]
          : [
              { account: Accounts.clearingDeposits, amount: -(i + 1) },
              { account: i % 3 === 1 ? Accounts.userMain(player.id) : Accounts.userBonus(player.id), amount: i + 1 },
            ],
    }));
    await api.db.transaction().execute((trx) => recordEntries(trx, entries));
    const { first, lines, pages } = await allPages(
      api,
      player.token,
      `/api/v1/wallet/statement?from=${yesterday()}&to=${today()}`,
    );
    expect(pages).toBe(3);
    expect(lines.map((l) => l.entry)).toEqual((await ledgerEntries(api, player.id)).map((e) => e.entry));
    let running = { main: 0, bonus: 0 };
    for (const line of lines) {
      running = { main: running.main + paise(line.main), bonus: running.bonus + paise(line.bonus) };
      expect({ main: paise(line.balance.main), bonus: paise(line.balance.bonus) }).toEqual(running);
    }
    const now = await wallet(api.db, player.id);
    expect(running).toEqual({ main: now.main, bonus: now.bonus });
    expect(first.closing).toEqual({ main: now.main / 100, bonus: now.bonus / 100 });

    const csv = await api.request('GET', `/api/v1/wallet/statement?from=${yesterday()}&to=${today()}&format=csv`, {
      token: player.token,
    });
    const rows = (csv.body as string).trimEnd().split('\r\n');
    expect(rows).toHaveLength(1234 + 3);
    expect(rows.slice(2, -1).map((r) => Number(r.split(',')[1]))).toEqual(lines.map((l) => l.entry));
  });

  it('refuses a bad range with the field’s message and serves no one else’s statement', async () => {
    const player = await createUser(api, { main: 10_000 });
    const cases: Array<[string, string]> = [
      ['', 'Please choose the first day of the statement (YYYY-MM-DD).'],
      ['from=2026-11-02&to=2026-11-01', 'The first day must not be after the last day.'],
      ['from=2025-01-01&to=2026-01-02', 'A statement covers at most 366 days.'],
      ['from=2026-11-01&to=2026-11-02&format=pdf', 'The format must be csv or json.'],
      ['from=2026-11-01&to=2026-11-02&after=abc', 'Not a statement position.'],
    ];
    for (const [query, message] of cases) {
      const res = await api.request('GET', `/api/v1/wallet/statement?${query}`, { token: player.token });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
      expect(res.body.errors).toBeDefined();
    }
    // The administrator has no wallet of their own; an unknown or admin id is no player.
    expect(
      (await api.request('GET', `/api/v1/wallet/statement?from=${today()}&to=${today()}`, { token: admin.token }))
        .status,
    ).toBe(404);
    expect(
      (
        await api.request('GET', `/api/v1/admin/players/${admin.id}/statement?from=${today()}&to=${today()}`, {
          token: admin.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api.request('GET', `/api/v1/admin/players/not-a-uuid/statement?from=${today()}&to=${today()}`, {
          token: admin.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api.request('GET', `/api/v1/admin/players/${player.id}/statement?from=${today()}&to=${today()}`, {
          token: player.token,
        })
      ).status,
    ).toBe(403);
  });
});
