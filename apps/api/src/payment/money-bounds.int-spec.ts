import { jest } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { sql } from 'kysely';
import type { BetMessage } from '@app/contracts';
import { currentPeriod } from '@app/domain';
import { RedisService } from '@app/redis';
import { RoundsService } from '../rounds/rounds.service.js';
import {
  connected,
  createUser,
  startTestApi,
  TEST_API_KEY,
  type TestApi,
  type TestResponse,
  type TestUser,
} from '@app/testing';
import { countRows, decide, expectLedgerConsistent, newUtr, wallet } from './testing/payments.js';

jest.setTimeout(60_000);

/**
 * Every way money enters the system has hard bounds: a deposit claim, a withdrawal request (with its payout details)
 * and a stake. Each class of bad value is refused with the spec's message (or ours, from @app/domain) and stores
 * nothing. Bodies are sent as raw JSON text, so values JSON.stringify cannot write (-0, 1e309) arrive as a client
 * could send them.
 */
describe('amounts and payout details have hard bounds where money enters', () => {
  let api: TestApi;
  let admin: TestUser;
  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMITS: 'false' } });
    admin = await createUser(api, { role: 'super-admin' });
  });
  afterAll(() => api.close());
  afterEach(() => expectLedgerConsistent(api.db));

  /** POST with a JSON body whose `amount` is written verbatim (raw JSON text). */
  function post(
    user: TestUser,
    path: string,
    fields: Record<string, unknown>,
    rawAmount?: string,
  ): Promise<TestResponse> {
    const json = JSON.stringify(fields);
    const body =
      rawAmount === undefined ? json : `${json.slice(0, -1)}${json === '{}' ? '' : ','}"amount":${rawAmount}}`;
    return api.request('POST', `/api/v1/payment/${path}`, { token: user.token, body });
  }

  async function expectNothingStored(
    user: TestUser,
    before: { transactions: number; events: number },
    balance: { main: number; bonus: number },
  ) {
    expect(await countRows(api.db, 'transactions')).toBe(before.transactions);
    expect(await countRows(api.db, 'events')).toBe(before.events);
    expect(await wallet(api.db, user.id)).toMatchObject(balance);
  }
  const counts = async () => ({
    transactions: await countRows(api.db, 'transactions'),
    events: await countRows(api.db, 'events'),
  });

  describe('POST /payment/deposit: ₹100 to ₹10,000, a JSON number with at most 2 decimals', () => {
    const cases: Array<[string, string, string]> = [
      ['below the minimum', '99.99', 'Minimum deposit is ₹100.'],
      ['one rupee (the spec form’s custom minimum)', '1', 'Minimum deposit is ₹100.'],
      ['above the maximum', '10000.01', 'Maximum deposit is ₹10,000.'],
      ['far above the maximum', '1000000000000', 'Maximum deposit is ₹10,000.'],
      ['zero', '0', 'Please enter a valid amount.'],
      ['negative', '-500', 'Please enter a valid amount.'],
      ['negative zero', '-0', 'Please enter a valid amount.'],
      ['not finite (1e309 parses as Infinity)', '1e309', 'Please enter a valid amount.'],
      ['not finite, negative', '-1e309', 'Please enter a valid amount.'],
      ['past any safe integer', '1e300', 'Please enter a valid amount.'],
      ['more than 2 decimals', '100.001', 'Please enter a valid amount.'],
      ['a numeric string', '"500"', 'Please enter a valid amount.'],
      ['the string NaN', '"NaN"', 'Please enter a valid amount.'],
      ['the string Infinity', '"Infinity"', 'Please enter a valid amount.'],
      ['true', 'true', 'Please enter a valid amount.'],
      ['false', 'false', 'Please enter a valid amount.'],
      ['null', 'null', 'Please enter a valid amount.'],
      ['an array', '[500]', 'Please enter a valid amount.'],
      ['an object', '{"value":500}', 'Please enter a valid amount.'],
    ];
    it.each(cases)('%s (%s): "%s", nothing stored', async (_what, raw, message) => {
      const player = await createUser(api);
      const before = await counts();
      const res = await post(player, 'deposit', { method: 'UPI', utrNumber: newUtr() }, raw);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, statusCode: 400, message });
      await expectNothingStored(player, before, { main: 0, bonus: 0 });
    });

    it('the bounds themselves are accepted', async () => {
      const player = await createUser(api);
      for (const raw of ['100', '10000', '10000.00', '9999.99']) {
        expect((await post(player, 'deposit', { method: 'UPI', utrNumber: newUtr() }, raw)).status).toBe(201);
        await sql`UPDATE transactions SET status = 'FAILED', reviewed_at = now() WHERE user_id = ${player.id} AND status = 'PENDING'`.execute(
          api.db,
        );
      }
    });

    it.each([
      [{ utrNumber: 412345678901 }, 'UTR number must be the 12 digits your UPI app shows for the payment.'],
      [{ utrNumber: true }, 'UTR number must be the 12 digits your UPI app shows for the payment.'],
      [{ utrNumber: ['412345678901'] }, 'UTR number must be the 12 digits your UPI app shows for the payment.'],
      [{ upiApp: true }, 'Please choose a valid UPI app.'],
      [{ upiApp: 1 }, 'Please choose a valid UPI app.'],
      [{ upiApp: { app: 'PHONEPE' } }, 'Please choose a valid UPI app.'],
      [{ method: true }, 'Deposits are accepted by UPI only.'],
    ])('a field of the wrong type %j: "%s", nothing stored', async (fields, message) => {
      const player = await createUser(api);
      const before = await counts();
      const res = await post(player, 'deposit', { method: 'UPI', utrNumber: newUtr(), amount: 500, ...fields });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      await expectNothingStored(player, before, { main: 0, bonus: 0 });
    });
  });

  describe('at most 3 PENDING deposit claims per player', () => {
    it('10 claims racing: exactly 3 are recorded, the others are told why; a review frees a place', async () => {
      const player = await createUser(api);
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => post(player, 'deposit', { method: 'UPI', utrNumber: newUtr(), amount: 500 })),
      );
      const accepted = responses.filter((r) => r.status === 201);
      const refused = responses.filter((r) => r.status === 409);
      expect(accepted).toHaveLength(3);
      expect(refused).toHaveLength(7);
      for (const r of refused)
        expect(r.body.message).toBe(
          'You already have 3 deposits waiting for review. Please wait until one of them is reviewed.',
        );
      const rows = await api.db.selectFrom('transactions').select('status').where('user_id', '=', player.id).execute();
      expect(rows).toEqual([{ status: 'PENDING' }, { status: 'PENDING' }, { status: 'PENDING' }]);

      expect((await decide(api, admin, accepted[0]!.body.data.transactionId, 'FAILED')).status).toBe(200);
      expect((await post(player, 'deposit', { method: 'UPI', utrNumber: newUtr(), amount: 500 })).status).toBe(201);
      expect((await post(player, 'deposit', { method: 'UPI', utrNumber: newUtr(), amount: 500 })).status).toBe(409);
      // Another player is not affected.
      expect(
        (await post(await createUser(api), 'deposit', { method: 'UPI', utrNumber: newUtr(), amount: 500 })).status,
      ).toBe(201);
    });
  });

  describe('POST /payment/withdraw: ₹500 to ₹25,000, a JSON number with at most 2 decimals', () => {
    const upi = { method: 'UPI', upiApp: 'PHONEPE', upiId: 'ravi.kumar' };
    const cases: Array<[string, string, string]> = [
      ['below the minimum', '499.99', 'Minimum withdrawal is ₹500.'],
      ['negative', '-500', 'Minimum withdrawal is ₹500.'],
      ['zero', '0', 'Minimum withdrawal is ₹500.'],
      ['null', 'null', 'Minimum withdrawal is ₹500.'],
      ['above the maximum', '25000.01', 'Maximum withdrawal per day is ₹25,000.'],
      ['negative zero', '-0', 'Please fill all fields correctly.'],
      ['not finite (1e309 parses as Infinity)', '1e309', 'Please fill all fields correctly.'],
      ['not finite, negative', '-1e309', 'Please fill all fields correctly.'],
      ['more than 2 decimals', '500.001', 'Please fill all fields correctly.'],
      ['a numeric string', '"500"', 'Please fill all fields correctly.'],
      ['an exponent string', '"5e2"', 'Please fill all fields correctly.'],
      ['true', 'true', 'Please fill all fields correctly.'],
      ['an array', '[500]', 'Please fill all fields correctly.'],
    ];
    it.each(cases)('%s (%s): "%s", nothing held', async (_what, raw, message) => {
      const player = await createUser(api, { main: 10_000_000, bonus: 5_000 });
      const before = await counts();
      const res = await post(player, 'withdraw', upi, raw);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, statusCode: 400, message });
      await expectNothingStored(player, before, { main: 10_000_000, bonus: 5_000 });
    });

    it('past the day’s ₹25,000 across pending and completed: refused (the existing cap, raced in payment-concurrency)', async () => {
      const player = await createUser(api, { main: 10_000_000 });
      expect((await post(player, 'withdraw', { ...upi, amount: 25_000 })).status).toBe(201);
      const res = await post(player, 'withdraw', { ...upi, amount: 500 });
      expect(res.body.message).toBe('Maximum withdrawal per day is ₹25,000.');
    });
  });

  // Control and invisible characters, and texts past 2,000 characters, are refused for every route by the shared
  // input rules before these; the field rules refuse them too (libs/domain withdraw.spec.ts).
  describe('payout details are checked for what they are (the web form runs the same rules)', () => {
    const bank = {
      method: 'BANK_TRANSFER',
      amount: 500,
      accountNumber: '001234567890',
      ifsc: 'SBIN0001234',
      accountHolderName: 'Asha Rao',
    };
    const upi = { method: 'UPI', amount: 500, upiApp: 'PHONEPE', upiId: 'ravi.kumar' };
    it.each([
      ['account number of 8 digits', { ...bank, accountNumber: '12345678' }, 'Account number must be 9 to 18 digits.'],
      [
        'account number of 19 digits',
        { ...bank, accountNumber: '1234567890123456789' },
        'Account number must be 9 to 18 digits.',
      ],
      [
        'account number with letters',
        { ...bank, accountNumber: '00123456789A' },
        'Account number must be 9 to 18 digits.',
      ],
      [
        'account number with spaces',
        { ...bank, accountNumber: '0012 3456 7890' },
        'Account number must be 9 to 18 digits.',
      ],
      [
        'account number in full-width digits',
        { ...bank, accountNumber: '００１２３４５６７８９' },
        'Account number must be 9 to 18 digits.',
      ],
      [
        'holder name of 2 letters',
        { ...bank, accountHolderName: 'Al' },
        'Account holder name must be 3 to 100 letters, spaces or dots, as on the bank account.',
      ],
      [
        'holder name of 101 letters',
        { ...bank, accountHolderName: 'A'.repeat(101) },
        'Account holder name must be 3 to 100 letters, spaces or dots, as on the bank account.',
      ],
      [
        'holder name with digits',
        { ...bank, accountHolderName: 'Asha Rao 2' },
        'Account holder name must be 3 to 100 letters, spaces or dots, as on the bank account.',
      ],
      [
        'holder name with markup',
        { ...bank, accountHolderName: '<b>Asha</b>' },
        'Account holder name must be 3 to 100 letters, spaces or dots, as on the bank account.',
      ],
      [
        'holder name of dots only',
        { ...bank, accountHolderName: '...' },
        'Account holder name must be 3 to 100 letters, spaces or dots, as on the bank account.',
      ],
      [
        'IFSC not in the real shape',
        { ...bank, ifsc: 'SBIN1001234' },
        'IFSC must be 11 characters: 4 letters, 0, then 6 letters or digits (like SBIN0001234).',
      ],
      [
        'UPI id of 257 characters',
        { ...upi, upiApp: 'QR', upiId: `${'r'.repeat(250)}@paytm1` },
        'UPI ID must look like name@bank.',
      ],
      ['UPI id not name@handle', { ...upi, upiId: 'ravi@kumar@ybl' }, 'UPI ID must look like name@bank.'],
      ['UPI without an app', { ...upi, upiApp: undefined }, 'UPI App and UPI ID are required for UPI withdrawal.'],
      ['UPI without an id', { ...upi, upiId: '' }, 'UPI App and UPI ID are required for UPI withdrawal.'],
      ['upiApp: true', { ...upi, upiApp: true }, 'Please fill all fields correctly.'],
      ['upiId: a number', { ...upi, upiId: 9876543210 }, 'Please fill all fields correctly.'],
      ['accountNumber: a number', { ...bank, accountNumber: 1234567890 }, 'Please fill all fields correctly.'],
      ['ifsc: an array', { ...bank, ifsc: ['SBIN0001234'] }, 'Please fill all fields correctly.'],
      [
        'accountHolderName: an object',
        { ...bank, accountHolderName: { first: 'Asha' } },
        'Please fill all fields correctly.',
      ],
      ['a bank transfer with upiApp: true', { ...bank, upiApp: true }, 'Please fill all fields correctly.'],
      ['method: true', { ...bank, method: true }, 'Please fill all fields correctly.'],
    ])('%s: refused with its message, nothing held', async (_what, fields, message) => {
      const player = await createUser(api, { main: 1_000_000 });
      const before = await counts();
      const res = await post(player, 'withdraw', fields as Record<string, unknown>);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      await expectNothingStored(player, before, { main: 1_000_000, bonus: 0 });
    });

    it('the longest valid details are accepted and stored as sent', async () => {
      const player = await createUser(api, { main: 1_000_000 });
      const name = 'Dr. A. P. J. Abdul Kalam'.padEnd(100, 'a');
      expect(
        (await post(player, 'withdraw', { ...bank, accountNumber: '123456789012345678', accountHolderName: name }))
          .status,
      ).toBe(201);
      expect((await post(player, 'withdraw', { ...bank, accountNumber: '123456789' })).status).toBe(201);
      const upiId = `${'r'.repeat(256 - '@ybl'.length)}`;
      expect((await post(player, 'withdraw', { ...upi, upiId })).status).toBe(201);
      const rows = await api.db
        .selectFrom('transactions')
        .select(['bank_account_number', 'bank_holder_name', 'upi_id'])
        .where('user_id', '=', player.id)
        .execute();
      expect(rows).toEqual(
        expect.arrayContaining([
          { bank_account_number: '123456789012345678', bank_holder_name: name, upi_id: null },
          { bank_account_number: null, bank_holder_name: null, upi_id: `${upiId}@ybl` },
        ]),
      );
    });
  });

  describe('place-bet (socket): the stake is one of ₹10, ₹50, ₹100, ₹200, ₹500, ₹1,000', () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    async function signedIn(user: TestUser): Promise<Socket> {
      return connected(api.socket({ apiKey: TEST_API_KEY, token: user.token }) as unknown as Socket);
    }
    /** Sends one place-bet and returns the bet-message it got (paced under the per-player bet rate limit, 5 a second). */
    async function attempt(socket: Socket, payload: unknown): Promise<BetMessage> {
      await sleep(220);
      const reply = new Promise<BetMessage>((resolve) => socket.once('bet-message', resolve));
      socket.emit('place-bet', payload);
      return reply;
    }
    async function commandsQueued(): Promise<number> {
      const redis = api.app.get(RedisService);
      let total = 0;
      for (let p = 0; p < api.config.BET_PARTITIONS; p++) total += await redis.client.xlen(redis.keys.betCommands(p));
      return total;
    }

    it('every other value is refused with the stake message, and nothing is queued or stored', async () => {
      const player = await createUser(api, { main: 1_000_000 });
      const socket = await signedIn(player);
      try {
        const { periodId } = currentPeriod(Date.now(), api.app.get(RoundsService).periodConfig);
        const bad: unknown[] = [
          0,
          5,
          20,
          2500,
          10.5,
          1000.01,
          10_000,
          -10,
          '100',
          true,
          null,
          Number.NaN,
          Number.POSITIVE_INFINITY,
          [100],
          { value: 100 },
        ];
        for (const amount of bad) {
          const reply = await attempt(socket, { periodId, betType: 'color', betValue: 'red', amount });
          expect({ amount, reply }).toEqual({
            amount,
            reply: expect.objectContaining({
              success: false,
              message: 'Stake must be ₹10, ₹50, ₹100, ₹200, ₹500 or ₹1,000.',
            }),
          });
        }
        expect(await commandsQueued()).toBe(0);
        expect(await api.db.selectFrom('bets').select('id').where('user_id', '=', player.id).execute()).toEqual([]);
        expect(await wallet(api.db, player.id)).toMatchObject({ main: 1_000_000 });
      } finally {
        socket.disconnect();
      }
    });
  });
});
