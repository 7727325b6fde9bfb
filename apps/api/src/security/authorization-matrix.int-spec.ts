import { jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { deposit, newUtr, transactionRow, upiWithdrawal, withdraw } from '../payment/testing/payments.js';
import {
  createUser,
  newSession,
  startTestApi,
  TEST_API_KEY,
  type TestApi,
  type TestUser,
  recordTestChain,
} from '@app/testing';
import { fillPath, loadOperations, type Operation } from './testing/openapi.js';
import { rawRequest } from './testing/responses.js';

jest.setTimeout(120_000);

type Caller = 'noKey' | 'anonymous' | 'playerA' | 'playerB' | 'admin';
type Row = Record<Caller, number>;

/**
 * Who may call what: every operation of the OpenAPI document × every kind of caller, with the status each gets.
 * `noKey` is player A's token without the client API key; `{id}` is player A's id, so `playerB` reads another
 * player's (reduced) profile. Bodies are `{}`: guards decide before validation, so an allowed caller gets 400 (or
 * the route's own answer) and nothing changes, while a refused one gets 401 / 403.
 *
 * A route missing here fails the test: classify every new route when you add it.
 */
const MATRIX: Record<string, Row> = {
  'GET /api/v1/health': { noKey: 200, anonymous: 200, playerA: 200, playerB: 200, admin: 200 },
  'GET /api/v1/app-config': { noKey: 401, anonymous: 200, playerA: 200, playerB: 200, admin: 200 },
  'POST /api/v1/auth/register': { noKey: 401, anonymous: 400, playerA: 400, playerB: 400, admin: 400 },
  'POST /api/v1/auth/login': { noKey: 401, anonymous: 400, playerA: 400, playerB: 400, admin: 400 },
  'GET /api/v1/auth/refresh-token': { noKey: 401, anonymous: 401, playerA: 401, playerB: 401, admin: 401 },
  'GET /api/v1/auth/logout': { noKey: 401, anonymous: 200, playerA: 200, playerB: 200, admin: 200 },
  'POST /api/v1/auth/forgot-password': { noKey: 401, anonymous: 400, playerA: 400, playerB: 400, admin: 400 },
  'POST /api/v1/auth/forgot-password/request': { noKey: 401, anonymous: 400, playerA: 400, playerB: 400, admin: 400 },
  'POST /api/v1/auth/forgot-password/verify': { noKey: 401, anonymous: 400, playerA: 400, playerB: 400, admin: 400 },
  'POST /api/v1/auth/forgot-password/reset': { noKey: 401, anonymous: 400, playerA: 400, playerB: 400, admin: 400 },
  'POST /api/v1/refresh-token': { noKey: 401, anonymous: 401, playerA: 401, playerB: 401, admin: 401 },
  'GET /api/v1/user/profile': { noKey: 401, anonymous: 401, playerA: 200, playerB: 200, admin: 200 },
  'PUT /api/v1/user/profile': { noKey: 401, anonymous: 401, playerA: 400, playerB: 400, admin: 400 },
  'PUT /api/v1/user/language': { noKey: 401, anonymous: 401, playerA: 400, playerB: 400, admin: 400 },
  'GET /api/v1/user/profile/{id}': { noKey: 401, anonymous: 200, playerA: 200, playerB: 200, admin: 200 },
  // A super-admin has no wallet (separation of duties): no summary, no deposit, no withdrawal.
  'GET /api/v1/wallet/summary': { noKey: 401, anonymous: 401, playerA: 200, playerB: 200, admin: 404 },
  'GET /api/v1/wallet/transactions': { noKey: 401, anonymous: 401, playerA: 200, playerB: 200, admin: 200 },
  'POST /api/v1/payment/deposit': { noKey: 401, anonymous: 401, playerA: 400, playerB: 400, admin: 403 },
  'POST /api/v1/payment/withdraw': { noKey: 401, anonymous: 401, playerA: 400, playerB: 400, admin: 403 },
  'GET /api/v1/admin/pending-deposits': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 200 },
  'GET /api/v1/admin/pending-withdraws': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 200 },
  'PUT /api/v1/admin/update-transaction-status': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 400 },
  'GET /api/v1/admin/pending-counts': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 200 },
  'GET /api/v1/bet': { noKey: 401, anonymous: 401, playerA: 200, playerB: 200, admin: 200 },
  // A bet of nobody's (an unknown id): each caller's own bets only.
  'GET /api/v1/bet/{betId}/proof': { noKey: 401, anonymous: 401, playerA: 404, playerB: 404, admin: 404 },
  'GET /api/v1/fairness/stats': { noKey: 401, anonymous: 200, playerA: 200, playerB: 200, admin: 200 },
  'GET /api/v1/fairness': { noKey: 401, anonymous: 200, playerA: 200, playerB: 200, admin: 200 },
  'GET /api/v1/fairness/periods/{periodId}': { noKey: 401, anonymous: 200, playerA: 200, playerB: 200, admin: 200 },
  'GET /api/v1/admin/admin-profile': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 200 },
  'GET /api/v1/admin/dashboard': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 200 },
  'GET /api/v1/admin/dashboard/charts': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 200 },
  // The super-admin's own sign-in security: enrolment with `{}` starts one (200); nothing to confirm or renew yet.
  'GET /api/v1/admin/security': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 200 },
  'POST /api/v1/admin/two-factor/enrolment': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 200 },
  'POST /api/v1/admin/two-factor/confirm': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 400 },
  'POST /api/v1/admin/two-factor/recovery-codes': {
    noKey: 401,
    anonymous: 401,
    playerA: 403,
    playerB: 403,
    admin: 409,
  },
  'PUT /api/v1/admin/password': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 400 },
  // Acting on a player: `{}` has no reason (400), so nothing changes.
  'GET /api/v1/admin/players': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 200 },
  'GET /api/v1/admin/players/{userId}/limits': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 200 },
  'GET /api/v1/admin/players/{userId}/overview': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 200 },
  'PUT /api/v1/admin/players/{userId}/suspend': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 400 },
  'PUT /api/v1/admin/players/{userId}/reinstate': {
    noKey: 401,
    anonymous: 401,
    playerA: 403,
    playerB: 403,
    admin: 400,
  },
  // A player's own limits and session: players only (an administrator plays nothing); `{}` only marks the limits offered.
  'GET /api/v1/player/limits': { noKey: 401, anonymous: 401, playerA: 200, playerB: 200, admin: 403 },
  'PUT /api/v1/player/limits': { noKey: 401, anonymous: 401, playerA: 200, playerB: 200, admin: 403 },
  'GET /api/v1/player/session': { noKey: 401, anonymous: 401, playerA: 200, playerB: 200, admin: 403 },
  // Breaks and self-exclusion: a player's own (`{}` names no option: 400, nothing starts); an administrator takes none.
  'GET /api/v1/play-safely/break': { noKey: 401, anonymous: 401, playerA: 200, playerB: 200, admin: 403 },
  'POST /api/v1/play-safely/break': { noKey: 401, anonymous: 401, playerA: 400, playerB: 400, admin: 400 },
  // The away routes open only to a withdraw-only token (a sign-in refused by a break): an access token is refused.
  'GET /api/v1/play-safely/away': { noKey: 401, anonymous: 401, playerA: 401, playerB: 401, admin: 401 },
  'POST /api/v1/play-safely/away/withdraw': { noKey: 401, anonymous: 401, playerA: 401, playerB: 401, admin: 401 },
  'POST /api/v1/play-safely/away/break': { noKey: 401, anonymous: 401, playerA: 401, playerB: 401, admin: 401 },
  'POST /api/v1/play-safely/away/return': { noKey: 401, anonymous: 401, playerA: 401, playerB: 401, admin: 401 },
  // Identity checks: a player's own only (an administrator has none); `{}` names nothing (400). The reviewer's
  // routes with an unknown submission: verify 404, reject without a reason 400.
  'GET /api/v1/identity': { noKey: 401, anonymous: 401, playerA: 200, playerB: 200, admin: 403 },
  'POST /api/v1/identity': { noKey: 401, anonymous: 401, playerA: 400, playerB: 400, admin: 403 },
  'PUT /api/v1/identity/date-of-birth': { noKey: 401, anonymous: 401, playerA: 400, playerB: 400, admin: 403 },
  'GET /api/v1/admin/identity': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 200 },
  'PUT /api/v1/admin/identity/{submissionId}/verify': {
    noKey: 401,
    anonymous: 401,
    playerA: 403,
    playerB: 403,
    admin: 404,
  },
  'PUT /api/v1/admin/identity/{submissionId}/reject': {
    noKey: 401,
    anonymous: 401,
    playerA: 403,
    playerB: 403,
    admin: 400,
  },
  // Statements: `{}` has no range (400) before anything is read; the admin's copy of a player's is the admin's alone.
  'GET /api/v1/wallet/statement': { noKey: 401, anonymous: 401, playerA: 400, playerB: 400, admin: 400 },
  'GET /api/v1/admin/players/{userId}/statement': {
    noKey: 401,
    anonymous: 401,
    playerA: 403,
    playerB: 403,
    admin: 400,
  },
  // Disputes: `{}` names no bet or transaction (400); `{id}` is no dispute of anyone's (404).
  'POST /api/v1/disputes': { noKey: 401, anonymous: 401, playerA: 400, playerB: 400, admin: 400 },
  'GET /api/v1/disputes': { noKey: 401, anonymous: 401, playerA: 200, playerB: 200, admin: 200 },
  'PUT /api/v1/disputes/{id}/close': { noKey: 401, anonymous: 401, playerA: 404, playerB: 404, admin: 404 },
  'GET /api/v1/admin/disputes': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 200 },
  'PUT /api/v1/admin/disputes/{id}/answer': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 400 },
  'PUT /api/v1/admin/disputes/{id}/close': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 404 },
  // Care signals: the console's alone; `{}` has no note, option or reason (400), so nothing changes.
  'GET /api/v1/admin/care': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 200 },
  'PUT /api/v1/admin/care/{id}/contacted': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 400 },
  'PUT /api/v1/admin/care/{id}/dismissed': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 400 },
  'POST /api/v1/admin/players/{userId}/break': { noKey: 401, anonymous: 401, playerA: 403, playerB: 403, admin: 400 },
  // Web push: the key is public; subscriptions are players' own (`{}` is no subscription: 400).
  'GET /api/v1/push/key': { noKey: 401, anonymous: 200, playerA: 200, playerB: 200, admin: 200 },
  'PUT /api/v1/push/subscription': { noKey: 401, anonymous: 401, playerA: 400, playerB: 400, admin: 403 },
  'DELETE /api/v1/push/subscription': { noKey: 401, anonymous: 401, playerA: 400, playerB: 400, admin: 403 },
};
const CALLERS: Caller[] = ['noKey', 'anonymous', 'playerA', 'playerB', 'admin'];
const PERIOD = '202611210001';
const UNKNOWN_BET = '0190c0de-0000-7000-8000-000000000000';
const HEX = (c: string) => c.repeat(64);

describe('authorization', () => {
  let api: TestApi;
  let operations: Operation[];
  let a: TestUser;
  let b: TestUser;
  let admin: TestUser;
  /** Values of B's that A (or anyone but B and the admin) must never see. */
  let privateOfB: string[];
  let idsOfB: string[];

  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMITS: 'false' } });
    operations = await loadOperations(api);
    a = await createUser(api, { main: 5_000_00 });
    b = await createUser(api, { main: 8_000_00, email: 'bhavna.secret@gmail.com' });
    admin = await createUser(api, { role: 'super-admin' });
    await api.db
      .updateTable('users')
      .set({ last_login_at: new Date('2026-11-20T10:00:00Z') })
      .where('id', '=', b.id)
      .execute();
    // B's history: a settled period with a bet, a pending deposit, a pending UPI withdrawal, a completed bank one.
    const chain = await recordTestChain(api.db, { commitment: HEX('a'), length: 10 });
    const start = new Date('2026-11-21T00:00:00+05:30');
    await api.db
      .insertInto('periods')
      .values({
        id: PERIOD,
        start_at: start,
        lock_at: new Date(start.getTime() + 25_000),
        end_at: new Date(start.getTime() + 30_000),
        status: 'SETTLED',
        chain_id: chain.id,
        chain_index: 1,
        seed_hash: HEX('c'),
        seed: HEX('d'),
        digit: 3,
        color: 'green',
        big_small: 'small',
      } as never)
      .execute();
    const betId = randomUUID();
    await api.db
      .insertInto('bets')
      .values({
        id: betId,
        user_id: b.id,
        period_id: PERIOD,
        bet_type: 'color',
        bet_value: 'green',
        amount: 10_000,
        status: 'COMPLETED',
        is_win: true,
        win_amount: 18_200,
        gst_amount: 1_800,
        placed_at: start,
      } as never)
      .execute();
    const utr = newUtr();
    const dep = await deposit(api, b, { amount: 700, utrNumber: utr, upiApp: 'PHONEPE' });
    const upi = await withdraw(api, b, { ...upiWithdrawal(900), upiId: 'bhavna.private' });
    const bank = await withdraw(api, b, {
      method: 'BANK_TRANSFER',
      amount: 1_100,
      accountNumber: '998877665544',
      ifsc: 'HDFC0001234',
      accountHolderName: 'Bhavna Secret',
    });
    expect([dep.status, upi.status, bank.status]).toEqual([201, 201, 201]);
    const rows = await Promise.all([dep, upi, bank].map((r) => transactionRow(api.db, r.body.data.transactionId)));
    privateOfB = [
      b.email,
      b.walletId,
      b.referralCode,
      '2026-11-20T10:00:00',
      betId,
      utr,
      'bhavna.private',
      '998877665544',
      'Bhavna Secret',
      ...rows.flatMap((r) => [r.id, r.transaction_id]),
    ];
    idsOfB = [b.id, b.walletId, betId, ...rows.flatMap((r) => [r.id, r.transaction_id])];
  });
  afterAll(() => api.close());

  async function call(op: Operation, caller: Caller, params: Record<string, string>, body: unknown = {}) {
    const user =
      caller === 'playerA' || caller === 'noKey' ? a : caller === 'playerB' ? b : caller === 'admin' ? admin : null;
    const headers: Record<string, string> = {};
    if (caller !== 'noKey') headers['x-api-key'] = TEST_API_KEY;
    // A fresh session per call: the sign-out route ends the session it is called with.
    if (user) headers.authorization = `Bearer ${await newSession(api, user)}`;
    const hasBody = op.method !== 'GET';
    if (hasBody) headers['content-type'] = 'application/json';
    return rawRequest(api, {
      method: op.method,
      path: fillPath(op.path, params),
      headers,
      body: hasBody ? JSON.stringify(body) : undefined,
    });
  }

  it('classifies every route of the OpenAPI document, and only those', () => {
    const documented = operations.map((o) => o.key);
    expect({
      unclassified: documented.filter((k) => !(k in MATRIX)),
      stale: Object.keys(MATRIX).filter((k) => !documented.includes(k)),
    }).toEqual({ unclassified: [], stale: [] });
  });

  it('answers every route × caller with the status of the table', async () => {
    const actual: Record<string, Row> = {};
    for (const op of operations) {
      const row = {} as Row;
      for (const caller of CALLERS)
        row[caller] = (
          await call(op, caller, {
            id: a.id,
            userId: a.id,
            periodId: PERIOD,
            betId: UNKNOWN_BET,
            submissionId: UNKNOWN_BET,
          })
        ).status;
      actual[op.key] = row;
    }
    const expected = Object.fromEntries(operations.map((op) => [op.key, MATRIX[op.key]]));
    expect(actual).toEqual(expected);
  });

  it("never shows A (or an anonymous caller) B's private values, whatever ids A puts in the path or query", async () => {
    for (const op of operations.filter((o) => o.method === 'GET')) {
      for (const caller of ['playerA', 'anonymous'] as const) {
        for (const id of idsOfB) {
          const params = Object.fromEntries(op.pathParams.map((p) => [p, id]));
          const query = op.queryParams.map((q) => `${q.name}=${encodeURIComponent(id)}`).join('&');
          const res = await call({ ...op, path: `${op.path}${query ? `?${query}` : ''}` }, caller, params);
          const text = JSON.stringify(res.body);
          expect({ route: op.key, caller, id, leaked: privateOfB.filter((v) => text.includes(v)) }).toEqual({
            route: op.key,
            caller,
            id,
            leaked: [],
          });
        }
      }
    }
  });

  it("B's public profile shows A only the reduced fields, with the e-mail masked", async () => {
    const res = await call(
      operations.find((o) => o.key === 'GET /api/v1/user/profile/{id}')!,
      'playerA',
      { id: b.id },
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data.user).sort()).toEqual([
      '_id',
      'email',
      'firstLetter',
      'joinDate',
      'name',
      'totalGames',
      'totalWinnings',
    ]);
    expect(res.body.data.user.email).toBe('bh****@gmail.com');
    for (const hidden of ['referralCode', 'lastLogin', 'totalDeposits', 'totalLoses', 'totalWithdrawals'])
      expect(res.body.data.user).not.toHaveProperty(hidden);
  });

  it("A's own lists hold none of B's bets, transactions or withdrawals", async () => {
    for (const path of [
      '/api/v1/bet',
      '/api/v1/wallet/transactions',
      '/api/v1/wallet/summary',
      '/api/v1/user/profile',
    ]) {
      const res = await api.request('GET', path, { token: await newSession(api, a) });
      expect(res.status).toBe(200);
      expect({ path, leaked: privateOfB.filter((v) => JSON.stringify(res.body).includes(v)) }).toEqual({
        path,
        leaked: [],
      });
    }
  });

  it("no write route lets A change B's account, money requests or bets, whatever of B's ids A sends", async () => {
    const snapshotOfB = async () =>
      JSON.stringify(
        await Promise.all([
          api.db.selectFrom('users').selectAll().where('id', '=', b.id).execute(),
          api.db.selectFrom('wallets').selectAll().where('user_id', '=', b.id).execute(),
          api.db.selectFrom('transactions').selectAll().where('user_id', '=', b.id).orderBy('id').execute(),
          api.db.selectFrom('bets').selectAll().where('user_id', '=', b.id).orderBy('id').execute(),
          api.db
            .selectFrom('sessions')
            .select(['id', 'revoked_at'])
            .where('user_id', '=', b.id)
            .orderBy('id')
            .execute(),
        ]),
      );
    const before = await snapshotOfB();
    const [pending] = await api.db
      .selectFrom('transactions')
      .select(['transaction_id', 'wallet_id'])
      .where('user_id', '=', b.id)
      .where('status', '=', 'PENDING')
      .execute();
    const bodies = [
      { walletId: pending!.wallet_id, transactionId: pending!.transaction_id, status: 'FAILED' },
      { walletId: pending!.wallet_id, transactionId: pending!.transaction_id, status: 'COMPLETED' },
      { name: 'Taken Over', id: b.id },
      { name: 'Taken Over', userId: b.id },
      { method: 'UPI', amount: 500, upiApp: 'PHONEPE', upiId: 'thief', userId: b.id, walletId: b.walletId },
      { method: 'UPI', amount: 100, utrNumber: newUtr(), userId: b.id, walletId: b.walletId },
      { email: b.email, password: 'new-pass-123', confirmPassword: 'new-pass-123', userId: b.id },
    ];
    for (const op of operations.filter((o) => o.method !== 'GET')) {
      for (const body of bodies) {
        const res = await call(op, 'playerA', Object.fromEntries(op.pathParams.map((p) => [p, b.id])), body);
        expect(res.status).toBeLessThan(500);
      }
    }
    expect(await snapshotOfB()).toBe(before);
  });
});
