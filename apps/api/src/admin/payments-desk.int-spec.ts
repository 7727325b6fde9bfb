import { jest } from '@jest/globals';
import type { PendingPaymentCounts } from '@app/contracts';
import { PAYMENT_SEARCH_MESSAGES } from '@app/domain';
import { createUser, startTestApi, TEST_API_KEY, type TestApi, type TestUser } from '@app/testing';
import {
  countRows,
  decide,
  deposit,
  expectLedgerConsistent,
  newUtr,
  upiWithdrawal,
  withdraw,
} from '../payment/testing/payments.js';

jest.setTimeout(30_000);

/**
 * The payments desk (the console's Payment tab): one search box over the lists, handled by the API, pages with the
 * total, and the pending counts the administrators' sockets are told of whenever a claim is stored or reviewed.
 */
describe('the payments desk', () => {
  let api: TestApi;
  let admin: TestUser;
  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMITS: 'false' } });
    admin = await createUser(api, { role: 'super-admin' });
  });
  afterAll(() => api.close());
  afterEach(() => expectLedgerConsistent(api.db));

  const claim = async (player: TestUser, amount: number, utrNumber = newUtr()) => {
    const res = await deposit(api, player, { amount, utrNumber, upiApp: 'PHONEPE', payer: 'meera@okaxis' });
    expect(res.status).toBe(201);
    return { transactionId: res.body.data.transactionId as string, utrNumber };
  };
  const get = (path: string, token = admin.token) => api.request('GET', `/api/v1/admin/${path}`, { token });
  /** The transaction ids a deposits search finds, and its total. */
  const depositsFound = async (q: string, extra = '') => {
    const res = await get(`pending-deposits?status=ALL&q=${encodeURIComponent(q)}${extra}`);
    expect(res.status).toBe(200);
    return {
      ids: (res.body.data.pendingDeposits as { deposit: { transactionId: string } }[]).map(
        (e) => e.deposit.transactionId,
      ),
      total: res.body.data.total as number,
    };
  };

  describe('search', () => {
    let meera: TestUser;
    let ravi: TestUser;
    let first: { transactionId: string; utrNumber: string };
    let second: { transactionId: string; utrNumber: string };
    let third: { transactionId: string; utrNumber: string };
    beforeAll(async () => {
      meera = await createUser(api, { username: 'meera_desk', email: 'meera.desk@gmail.com' });
      ravi = await createUser(api, { username: 'ravi_desk', email: 'ravi.desk@yahoo.com', main: 5_000_00 });
      first = await claim(meera, 1234.5);
      second = await claim(meera, 700);
      third = await claim(ravi, 700);
    });

    it('finds a claim by its UTR, however it is written', async () => {
      const spaced = `${first.utrNumber.slice(0, 4)} ${first.utrNumber.slice(4, 8)}-${first.utrNumber.slice(8)}`;
      expect(await depositsFound(spaced)).toEqual({ ids: [first.transactionId], total: 1 });
    });

    it("finds a player's claims by the start of their username or e-mail, or by their id", async () => {
      const newestFirst = [second.transactionId, first.transactionId];
      expect(await depositsFound('MEERA_de')).toEqual({ ids: newestFirst, total: 2 });
      expect(await depositsFound('meera.desk@gm')).toEqual({ ids: newestFirst, total: 2 });
      expect(await depositsFound(meera.id.toUpperCase())).toEqual({ ids: newestFirst, total: 2 });
    });

    it('finds a claim by its transaction id and by its exact amount in rupees', async () => {
      expect(await depositsFound(first.transactionId.toLowerCase())).toEqual({ ids: [first.transactionId], total: 1 });
      expect(await depositsFound('1234.50')).toEqual({ ids: [first.transactionId], total: 1 });
      expect(await depositsFound('₹1,234.5')).toEqual({ ids: [first.transactionId], total: 1 });
      expect(await depositsFound('700')).toEqual({ ids: [third.transactionId, second.transactionId], total: 2 });
      // Not an exact amount: nothing of ₹1,234.50 is found by ₹1,234.
      expect((await depositsFound('1234')).ids).not.toContain(first.transactionId);
    });

    it('searches withdrawals too, with the status and date filters', async () => {
      const res = await withdraw(api, ravi, upiWithdrawal(900));
      expect(res.status).toBe(201);
      const found = await get('pending-withdraws?q=ravi_desk');
      expect(found.body.data).toMatchObject({ total: 1 });
      expect(found.body.data.pendingWithdrawals[0].withdrawal.transactionId).toBe(res.body.data.transactionId);
      expect((await get('pending-withdraws?q=900&status=COMPLETED')).body.data).toEqual({
        pendingWithdrawals: [],
        total: 0,
      });
    });

    it('takes the text as data, never as SQL or as a pattern', async () => {
      expect(await depositsFound('%')).toEqual({ ids: [], total: 0 });
      expect(await depositsFound('meera_%')).toEqual({ ids: [], total: 0 });
      expect(await depositsFound("x' OR '1'='1")).toEqual({ ids: [], total: 0 });
      expect(await depositsFound("'; DELETE FROM transactions; --")).toEqual({ ids: [], total: 0 });
      expect((await depositsFound('meera_desk')).total).toBe(2);
    });

    it('pages the list newest first and says how many match in all', async () => {
      expect(await depositsFound('meera_desk', '&limit=1')).toEqual({ ids: [second.transactionId], total: 2 });
      expect(await depositsFound('meera_desk', '&limit=1&offset=1')).toEqual({ ids: [first.transactionId], total: 2 });
      expect(await depositsFound('meera_desk', '&limit=1&offset=2')).toEqual({ ids: [], total: 2 });
    });

    it('answers 400 with a clear message to bad input, and changes nothing', async () => {
      const before = await countRows(api.db, 'transactions');
      const cases: [string, string][] = [
        [`q=${'m'.repeat(101)}`, PAYMENT_SEARCH_MESSAGES.tooLong],
        ['q=meera%0Aravi', PAYMENT_SEARCH_MESSAGES.invalid],
        ['q=meera&q=ravi', PAYMENT_SEARCH_MESSAGES.invalid],
        ['limit=0', PAYMENT_SEARCH_MESSAGES.limit],
        ['limit=501', PAYMENT_SEARCH_MESSAGES.limit],
        ['limit=ten', PAYMENT_SEARCH_MESSAGES.limit],
        ['offset=-1', PAYMENT_SEARCH_MESSAGES.offset],
      ];
      for (const path of ['pending-deposits', 'pending-withdraws']) {
        for (const [query, message] of cases) {
          const res = await get(`${path}?${query}`);
          expect({ query, status: res.status, message: res.body.message }).toEqual({ query, status: 400, message });
        }
      }
      expect(await countRows(api.db, 'transactions')).toBe(before);
    });

    it('is for the super-admin only', async () => {
      expect((await get('pending-deposits?q=meera', meera.token)).status).toBe(403);
      expect((await get('pending-counts', meera.token)).status).toBe(403);
      expect((await api.request('GET', '/api/v1/admin/pending-counts')).status).toBe(401);
    });
  });

  describe('live pending counts', () => {
    /** A signed-in socket that keeps every pending-payments push it hears. */
    const listening = async (user: TestUser) => {
      const heard: PendingPaymentCounts[] = [];
      const socket = await api.connect({ apiKey: TEST_API_KEY, token: user.token });
      socket.on('pending-payments' as never, (counts: PendingPaymentCounts) => void heard.push(counts));
      return { socket, heard };
    };
    const until = async (check: () => boolean, what: string) => {
      const deadline = Date.now() + 10_000;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    const counts = async (): Promise<PendingPaymentCounts> => (await get('pending-counts')).body.data.pending;

    it('are pushed to every signed-in administrator when a claim is stored or reviewed, and to no player', async () => {
      const player = await createUser(api, { main: 3_000_00 });
      const watcher = await createUser(api, {});
      const desk = await listening(admin);
      const bystander = await listening(watcher);
      const start = await counts();

      const { transactionId } = await claim(player, 500);
      await until(() => desk.heard.length >= 1, 'the deposit push');
      expect(desk.heard.at(-1)).toEqual({ deposits: start.deposits + 1, withdrawals: start.withdrawals });

      const res = await withdraw(api, player, upiWithdrawal(600));
      expect(res.status).toBe(201);
      await until(() => desk.heard.length >= 2, 'the withdrawal push');
      expect(desk.heard.at(-1)).toEqual({ deposits: start.deposits + 1, withdrawals: start.withdrawals + 1 });

      expect((await decide(api, admin, transactionId, 'FAILED', 'No payment with this UTR')).status).toBe(200);
      await until(() => desk.heard.length >= 3, 'the review push');
      expect(desk.heard.at(-1)).toEqual({ deposits: start.deposits, withdrawals: start.withdrawals + 1 });
      expect(await counts()).toEqual(desk.heard.at(-1));

      // The same messages went to the admins' room only: the player's socket heard none of them.
      await new Promise((r) => setTimeout(r, 300));
      expect(bystander.heard).toEqual([]);
      desk.socket.close();
      bystander.socket.close();
    });

    it('are not pushed for a refused claim (nothing was stored)', async () => {
      const player = await createUser(api, {});
      const desk = await listening(admin);
      const res = await deposit(api, player, { amount: 50, utrNumber: newUtr(), upiApp: 'PHONEPE' });
      expect(res.status).toBe(400);
      await new Promise((r) => setTimeout(r, 300));
      expect(desk.heard).toEqual([]);
      desk.socket.close();
    });
  });
});
