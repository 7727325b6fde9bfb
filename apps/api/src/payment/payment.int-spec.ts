import { sql } from 'kysely';
import { Accounts } from '@app/ledger';
import { createUser, startTestApi, type TestApi, type TestUser } from '@app/testing';
import {
  accountBalance,
  countRows,
  decide,
  deposit,
  expectLedgerConsistent,
  newUtr,
  transactionRow,
  upiWithdrawal,
  wallet,
  withdraw,
} from './testing/payments.js';

describe('wallet and payment requests', () => {
  let api: TestApi;
  let admin: TestUser;
  beforeAll(async () => {
    api = await startTestApi({ env: { RATE_LIMITS: 'false' } });
    admin = await createUser(api, { role: 'super-admin' });
  });
  afterAll(() => api.close());
  afterEach(() => expectLedgerConsistent(api.db));

  const summary = async (user: TestUser) =>
    (await api.request('GET', '/api/v1/wallet/summary', { token: user.token })).body.data.summary;
  const transactions = async (user: TestUser) =>
    (await api.request('GET', '/api/v1/wallet/transactions', { token: user.token })).body.data.transactions;

  describe('GET /wallet/summary and /wallet/transactions', () => {
    it('needs a signed-in player', async () => {
      expect((await api.request('GET', '/api/v1/wallet/summary')).status).toBe(401);
      expect((await api.request('GET', '/api/v1/wallet/transactions')).status).toBe(401);
    });

    it('shows a new player an empty, inactive wallet', async () => {
      const player = await createUser(api);
      const res = await api.request('GET', '/api/v1/wallet/summary', { token: player.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: {
          summary: {
            balance: 0,
            bonusBalance: 0,
            isActive: false,
            isEligibleForWithdrawal: false,
            playThroughLeft: 0,
            bonusWagering: null,
            identityStatus: 'verified',
          },
        },
      });
      expect(await transactions(player)).toEqual([]);
    });

    it('gives main as balance, bonus apart, and eligibility from ₹500 of main (the smallest withdrawal) on an active wallet', async () => {
      const below = await createUser(api, { main: 49_999, bonus: 50_000, isActive: true });
      expect(await summary(below)).toEqual({
        balance: 499.99,
        bonusBalance: 500,
        isActive: true,
        isEligibleForWithdrawal: false,
        playThroughLeft: 0,
        bonusWagering: null,
        identityStatus: 'verified',
      });
      const at = await createUser(api, { main: 50_000, isActive: true });
      expect(await summary(at)).toEqual({
        balance: 500,
        bonusBalance: 0,
        isActive: true,
        isEligibleForWithdrawal: true,
        playThroughLeft: 0,
        bonusWagering: null,
        identityStatus: 'verified',
      });
      const inactive = await createUser(api, { main: 50_000, isActive: false });
      expect(await summary(inactive)).toEqual({
        balance: 500,
        bonusBalance: 0,
        isActive: false,
        isEligibleForWithdrawal: false,
        playThroughLeft: 0,
        bonusWagering: null,
        identityStatus: 'verified',
      });
    });
  });

  describe('POST /payment/deposit', () => {
    it('records a PENDING deposit that moves no money until approved', async () => {
      const player = await createUser(api);
      const postingsBefore = await countRows(api.db, 'ledger_postings');
      const res = await deposit(api, player, { amount: 1500.5, utrNumber: '  412345678901 ', upiApp: 'GOOGLE_PAY' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        success: true,
        message: 'Deposit request submitted.',
        data: {
          utrNumber: '412345678901',
          isActive: false,
          isFirstDeposit: true,
          message: 'Deposit request submitted.',
          transactionId: expect.stringMatching(/^DEP\d{8}[A-Z0-9]{10}$/),
        },
      });
      expect(await countRows(api.db, 'ledger_postings')).toBe(postingsBefore);
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 0, bonus: 0, is_active: false });
      const list = await transactions(player);
      expect(list).toEqual([
        expect.objectContaining({
          type: 'DEPOSIT',
          method: 'UPI',
          status: 'PENDING',
          amount: 1500.5,
          transactionId: res.body.data.transactionId,
          metadata: {
            upiApp: 'GOOGLE_PAY',
            upiId: null,
            utrNumber: '412345678901',
            adminNotes: null,
            bankDetails: null,
          },
        }),
      ]);
    });

    it('stores a UPI UTR as its 12 digits: a pasted UTR with spaces or dashes is accepted; letters and one repeated digit are refused', async () => {
      const player = await createUser(api);
      const utr = newUtr();
      const res = await deposit(api, player, {
        amount: 100,
        utrNumber: `\t${utr.slice(0, 4)} ${utr.slice(4, 8)}-${utr.slice(8)} `,
      });
      expect(res.status).toBe(201);
      expect(res.body.data.utrNumber).toBe(utr);
      for (const [utrNumber, message] of [
        ['abcdefghijkl', 'UTR number must be the 12 digits your UPI app shows for the payment.'],
        [`${newUtr()}${newUtr()}`.slice(0, 22), 'UTR number must be the 12 digits your UPI app shows for the payment.'],
        ['000000000000', 'This is not a real UTR number. Copy the 12 digits from the payment in your UPI app.'],
      ]) {
        const refused = await deposit(api, player, { amount: 100, utrNumber });
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual({ utrNumber: message });
      }
    });

    it.each([
      [{ utrNumber: 'X' }, 'Please enter a valid amount.'],
      [{ amount: 0 }, 'Please enter a valid amount.'],
      [{ amount: -100 }, 'Please enter a valid amount.'],
      [{ amount: 'abc' }, 'Please enter a valid amount.'],
      [{ amount: 10.005 }, 'Please enter a valid amount.'],
      [{ amount: { value: 100 } }, 'Please enter a valid amount.'],
      [{ amount: 100, utrNumber: undefined }, 'UTR number is required.'],
      [{ amount: 100, utrNumber: '   ' }, 'UTR number is required.'],
      [
        { amount: 100, utrNumber: '12345678901' },
        'UTR number must be the 12 digits your UPI app shows for the payment.',
      ],
      [
        { amount: 100, utrNumber: '12345678901234567890123' },
        'UTR number must be the 12 digits your UPI app shows for the payment.',
      ],
      [
        { amount: 100, utrNumber: '5555 5555 5555' },
        'This is not a real UTR number. Copy the 12 digits from the payment in your UPI app.',
      ],
      [
        { amount: 100, utrNumber: '1234-5678-90AB' },
        'UTR number must be the 12 digits your UPI app shows for the payment.',
      ],
      [{ amount: 100, upiApp: 'CASH' }, 'Please choose a valid UPI app.'],
      [
        { amount: 100, payer: '' },
        "Please enter the UPI ID you paid from, or the account holder's name as your bank shows it.",
      ],
      [
        { amount: 100, payer: 'ravi@' },
        'Enter a UPI ID like name@okaxis, or a name of 3 to 100 letters, spaces and dots.',
      ],
      [
        { amount: 100, payer: 'R2D2' },
        'Enter a UPI ID like name@okaxis, or a name of 3 to 100 letters, spaces and dots.',
      ],
      [{ amount: 100, payer: 42 }, 'Enter a UPI ID like name@okaxis, or a name of 3 to 100 letters, spaces and dots.'],
      [{ amount: 100, method: 'CARD' }, 'Deposits are accepted by UPI only.'],
      [{ amount: 100, bonus: true }, 'Unknown field: bonus'],
    ])('refuses %j with "%s" and records nothing', async (body, message) => {
      const player = await createUser(api);
      const before = await countRows(api.db, 'transactions');
      const res = await deposit(api, player, { utrNumber: newUtr(), ...body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, statusCode: 400, message });
      expect(await countRows(api.db, 'transactions')).toBe(before);
    });

    it('lets a UTR be held by one claim at a time, however it is spaced: a rejected claim releases it to another player', async () => {
      const first = await createUser(api);
      const other = await createUser(api);
      const utr = newUtr();
      const spaced = `${utr.slice(0, 4)} ${utr.slice(4, 8)} ${utr.slice(8)}`;
      const claimed = await deposit(api, first, { amount: 500, utrNumber: utr });
      expect(claimed.status).toBe(201);
      const own = await deposit(api, first, { amount: 500, utrNumber: spaced });
      expect(own.status).toBe(409);
      expect(own.body.message).toBe('You have already claimed this UTR number. It is waiting for review.');
      for (const variant of [spaced, ` ${utr} `]) {
        const again = await deposit(api, other, { amount: 500, utrNumber: variant });
        expect(again.status).toBe(409);
        expect(again.body.message).toMatch(/^Another player has already claimed this UTR number/);
      }
      expect(await transactions(other)).toEqual([]);
      expect((await decide(api, admin, claimed.body.data.transactionId, 'FAILED')).status).toBe(200);
      const afterRejection = await deposit(api, other, { amount: 500, utrNumber: utr });
      expect(afterRejection.status).toBe(201);
      expect(await transactions(other)).toEqual([
        expect.objectContaining({ status: 'PENDING', metadata: expect.objectContaining({ utrNumber: utr }) }),
      ]);
      expect((await decide(api, admin, afterRejection.body.data.transactionId, 'COMPLETED')).status).toBe(200);
      const afterApproval = await deposit(api, other, { amount: 500, utrNumber: utr });
      expect(afterApproval.status).toBe(409);
      expect(afterApproval.body.message).toBe('This UTR number has already been used.');
    });

    it('reports isFirstDeposit until a deposit is approved, and isActive once one is', async () => {
      const player = await createUser(api);
      const one = await deposit(api, player, { amount: 200, utrNumber: newUtr() });
      const two = await deposit(api, player, { amount: 300, utrNumber: newUtr() });
      expect(two.body.data).toMatchObject({ isFirstDeposit: true, isActive: false });
      expect((await decide(api, admin, one.body.data.transactionId, 'COMPLETED')).status).toBe(200);
      const three = await deposit(api, player, { amount: 400, utrNumber: newUtr() });
      expect(three.body.data).toMatchObject({ isFirstDeposit: false, isActive: true });
    });
  });

  describe('POST /payment/withdraw', () => {
    it('holds the amount at once and records a PENDING UPI withdrawal with the app handle appended', async () => {
      const player = await createUser(api, { main: 300_000, bonus: 10_000 });
      const heldBefore = await accountBalance(api.db, Accounts.clearingWithdrawals);
      const res = await withdraw(api, player, {
        method: 'UPI',
        amount: 1000,
        upiApp: 'PHONEPE',
        upiId: ' ravi.kumar ',
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        success: true,
        message: 'Withdrawal request submitted successfully. Processing time: 2–4 hours.',
        data: {
          transactionId: expect.stringMatching(/^WDR\d{8}[A-Z0-9]{10}$/),
          isActive: true,
          message: 'Withdrawal request submitted successfully. Processing time: 2–4 hours.',
        },
      });
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 200_000, bonus: 10_000 });
      expect(await summary(player)).toMatchObject({ balance: 2000, bonusBalance: 100 });
      expect((await accountBalance(api.db, Accounts.clearingWithdrawals)) - heldBefore).toBe(100_000);
      const [listed] = await transactions(player);
      expect(listed).toMatchObject({
        type: 'WITHDRAWAL',
        method: 'UPI',
        status: 'PENDING',
        amount: -1000,
        transactionId: res.body.data.transactionId,
        metadata: { upiApp: 'PHONEPE', upiId: 'ravi.kumar@ybl', bankDetails: null, utrNumber: null },
      });
    });

    it('keeps a UPI id that has an @, and appends nothing for Other/QR', async () => {
      const player = await createUser(api, { main: 300_000 });
      expect(
        (await withdraw(api, player, { method: 'UPI', amount: 500, upiApp: 'GOOGLE_PAY', upiId: 'asha@oksbi' })).status,
      ).toBe(201);
      expect(
        (await withdraw(api, player, { method: 'UPI', amount: 500, upiApp: 'QR', upiId: 'asha@paytm' })).status,
      ).toBe(201);
      const ids = (await transactions(player)).map((t: { metadata: { upiId: string } }) => t.metadata.upiId);
      expect(ids.sort()).toEqual(['asha@oksbi', 'asha@paytm']);
      // Google Pay has four handles: an id without one is refused rather than guessed.
      const guessed = await withdraw(api, player, { method: 'UPI', amount: 500, upiApp: 'GOOGLE_PAY', upiId: 'bob' });
      expect(guessed.status).toBe(400);
      expect(guessed.body.errors).toEqual({
        upiId: 'Enter your whole UPI ID: Google Pay IDs end in @okaxis, @okhdfcbank, @okicici or @oksbi.',
      });
      expect(await transactions(player)).toHaveLength(2);
    });

    it('records a bank transfer with the IFSC upper-cased and shows the account masked but for the last 4 digits', async () => {
      const player = await createUser(api, { main: 300_000 });
      const res = await withdraw(api, player, {
        method: 'BANK_TRANSFER',
        amount: 2500.5,
        accountNumber: '001234567890',
        ifsc: ' sbin0001234 ',
        accountHolderName: 'Asha Rao',
      });
      expect(res.status).toBe(201);
      const [listed] = await transactions(player);
      expect(listed).toMatchObject({
        method: 'BANK_TRANSFER',
        amount: -2500.5,
        metadata: {
          bankDetails: { accountHolderName: 'Asha Rao', accountNumber: 'XXXXXXXX7890', ifscCode: 'SBIN0001234' },
          upiId: null,
        },
      });
      expect(JSON.stringify(await transactions(player))).not.toContain('001234567890');
      const row = await transactionRow(api.db, res.body.data.transactionId);
      expect(row).toMatchObject({ bank_account_number: '001234567890', bank_ifsc: 'SBIN0001234', amount: 250_050 });
    });

    it('refuses a wallet no deposit has activated', async () => {
      const player = await createUser(api, { main: 100_000, isActive: false });
      const res = await withdraw(api, player, upiWithdrawal(500));
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Deposit is not active. Please activate deposit to continue.');
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 100_000 });
    });

    const bank = {
      method: 'BANK_TRANSFER',
      accountNumber: '001234567890',
      ifsc: 'SBIN0001234',
      accountHolderName: 'Asha Rao',
    };
    it.each([
      [upiWithdrawal(499.99), 'Minimum withdrawal is ₹500.'],
      [{ ...upiWithdrawal(500), amount: undefined }, 'Minimum withdrawal is ₹500.'],
      [upiWithdrawal(25_000.01), 'Maximum withdrawal per day is ₹25,000.'],
      [upiWithdrawal(30_001), 'Insufficient balance.'],
      [{ ...upiWithdrawal(500), amount: '5e2' }, 'Please fill all fields correctly.'],
      [{ ...upiWithdrawal(500), upiApp: undefined }, 'UPI App and UPI ID are required for UPI withdrawal.'],
      [{ ...upiWithdrawal(500), upiId: '  ' }, 'UPI App and UPI ID are required for UPI withdrawal.'],
      [{ ...upiWithdrawal(500), upiId: 'ravi kumar' }, 'UPI ID must look like name@bank.'],
      [{ ...upiWithdrawal(500), upiApp: 'CASH' }, 'Please fill all fields correctly.'],
      [{ ...bank, amount: 500, accountNumber: '12345' }, 'Account number must be 9 to 18 digits.'],
      [
        { ...bank, amount: 500, ifsc: 'SBIN000123' },
        'IFSC must be 11 characters: 4 letters, 0, then 6 letters or digits (like SBIN0001234).',
      ],
      [
        { ...bank, amount: 500, ifsc: 'SBIN1001234' },
        'IFSC must be 11 characters: 4 letters, 0, then 6 letters or digits (like SBIN0001234).',
      ],
      [
        { ...bank, amount: 500, accountHolderName: 'Al' },
        'Account holder name must be 3 to 100 letters, spaces or dots, as on the bank account.',
      ],
      [{ ...bank, amount: 500, method: 'CHEQUE' }, 'Please fill all fields correctly.'],
      [{ ...bank, amount: 500, note: 'x' }, 'Unknown field: note'],
    ])('refuses %j with "%s" and holds nothing', async (body, message) => {
      const player = await createUser(api, { main: 3_000_000, bonus: 100_000 });
      const res = await withdraw(api, player, body as Record<string, unknown>);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, statusCode: 400, message });
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 3_000_000, bonus: 100_000 });
      expect(await transactions(player)).toEqual([]);
    });

    it('never pays out the bonus balance', async () => {
      const player = await createUser(api, { main: 40_000, bonus: 500_000, isActive: true });
      const res = await withdraw(api, player, upiWithdrawal(500));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Insufficient balance.');
      expect((await withdraw(api, player, upiWithdrawal(400))).body.message).toBe('Minimum withdrawal is ₹500.');
    });

    it('allows at most ₹25,000 per IST day across pending and completed requests; a rejected one frees its share', async () => {
      const player = await createUser(api, { main: 10_000_000 });
      const first = await withdraw(api, player, upiWithdrawal(20_000));
      expect(first.status).toBe(201);
      const over = await withdraw(api, player, upiWithdrawal(5_000.01));
      expect(over.status).toBe(400);
      expect(over.body.message).toBe('Maximum withdrawal per day is ₹25,000.');
      const rest = await withdraw(api, player, upiWithdrawal(5_000));
      expect(rest.status).toBe(201);
      expect((await decide(api, admin, rest.body.data.transactionId, 'COMPLETED')).status).toBe(200);
      expect((await withdraw(api, player, upiWithdrawal(500))).body.message).toBe(
        'Maximum withdrawal per day is ₹25,000.',
      );
      // Rejecting the pending ₹20,000 returns it and frees ₹20,000 of today's limit.
      expect((await decide(api, admin, first.body.data.transactionId, 'FAILED')).status).toBe(200);
      expect((await withdraw(api, player, upiWithdrawal(20_000))).status).toBe(201);
      expect((await withdraw(api, player, upiWithdrawal(500))).body.message).toBe(
        'Maximum withdrawal per day is ₹25,000.',
      );
      // Requests of an earlier IST day do not count.
      await sql`UPDATE transactions SET ist_day = ist_day - 1 WHERE user_id = ${player.id} AND type = 'WITHDRAWAL'`.execute(
        api.db,
      );
      expect((await withdraw(api, player, upiWithdrawal(25_000))).status).toBe(201);
      expect(await wallet(api.db, player.id)).toMatchObject({ main: 10_000_000 - 5_000_00 - 20_000_00 - 25_000_00 });
    });
  });
});
