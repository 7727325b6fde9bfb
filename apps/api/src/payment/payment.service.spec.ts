import { Logger } from '@nestjs/common';
import { refusal } from '../testing/refusal.js';
import { RecordingPendingNotifier } from '../admin/testing/recording-pending-notifier.js';
import { RecordingNotifier } from '../wallet/testing/recording-notifier.js';
import { PaymentService } from './payment.service.js';
import { InMemoryPaymentStore } from './testing/in-memory-payment-store.js';

/** The payment use cases against an in-memory store: what the player is answered, what is stored, what is published. */
function setup() {
  const store = new InMemoryPaymentStore();
  const notifier = new RecordingNotifier();
  const pending = new RecordingPendingNotifier();
  const service = new PaymentService(store, notifier.asNotifier(), pending.asNotifier());
  store.addAccount('player', {
    role: 'user',
    wallet: { walletId: 'w-player', isActive: true, main: 3_000_000, bonus: 0 },
  });
  store.addAccount('newcomer', { role: 'user', wallet: { walletId: 'w-new', isActive: false, main: 0, bonus: 0 } });
  store.addAccount('admin', { role: 'super-admin' });
  return { store, notifier, pending, service };
}

const claim = (utrNumber: string, amount: unknown = 500) => ({ method: 'UPI', amount, utrNumber, upiApp: 'PHONEPE' });
const upi = (amount: unknown) => ({ method: 'UPI', amount, upiApp: 'PHONEPE', upiId: 'ravi' });

beforeAll(() => Logger.overrideLogger(false));

describe('PaymentService: deposit claims', () => {
  it('records a pending claim of a new player and answers that it is their first deposit', async () => {
    const { service, store, notifier } = setup();
    const result = await service.deposit('newcomer', claim('412345678901'));
    expect(result).toEqual({
      utrNumber: '412345678901',
      isActive: false,
      isFirstDeposit: true,
      message: 'Deposit request submitted.',
      transactionId: 'DEP1',
    });
    expect(store.transactions).toMatchObject([
      { transactionId: 'DEP1', status: 'PENDING', amount: 50_000, description: 'UPI deposit' },
    ]);
    expect(notifier.published).toEqual([]); // no money moved
  });

  it('answers 403 to an administrator, 400 with the field to a bad amount, and stores nothing', async () => {
    const { service, store } = setup();
    expect(await refusal(service.deposit('admin', claim('412345678901')))).toEqual({
      status: 403,
      message:
        'Administrator accounts have no wallet: deposits, withdrawals, bets and referral codes are for players only.',
    });
    expect(await refusal(service.deposit('player', claim('412345678901', 50)))).toEqual({
      status: 400,
      message: 'Minimum deposit is ₹100.',
      errors: { amount: 'Minimum deposit is ₹100.' },
    });
    expect(store.transactions).toEqual([]);
  });

  it('stores the payer the player gave with the claim; an older client sends none', async () => {
    const { service, store } = setup();
    await service.deposit('newcomer', { ...claim('412345678901'), payer: ' Meera  K ' });
    await service.deposit('newcomer', claim('412345678902'));
    expect(store.transactions.map((t) => t.payer)).toEqual(['Meera K', null]);
    expect(await refusal(service.deposit('newcomer', { ...claim('412345678903'), payer: 'meera@' }))).toMatchObject({
      status: 400,
      errors: { payer: expect.any(String) },
    });
  });

  it("answers 409 to another player's claim of a held UTR and records it as a contest; a rejected claim releases the UTR", async () => {
    const { service, store, pending } = setup();
    await service.deposit('player', claim('412345678901'));
    expect(pending.changes).toBe(1);
    const contested =
      'Another player has already claimed this UTR number and it is waiting for review. We have recorded your claim too, so the reviewer will check both against the bank statement. If the payment is yours, their claim will be rejected and you can submit this UTR again.';
    expect(await refusal(service.deposit('newcomer', { ...claim(' 412345678901 ', 750), payer: 'Meera K' }))).toEqual({
      status: 409,
      message: contested,
      errors: { utrNumber: contested },
    });
    expect(store.contests).toEqual([
      {
        userId: 'newcomer',
        walletId: 'w-new',
        amount: 75_000,
        utrNumber: '412345678901',
        upiApp: 'PHONEPE',
        payer: 'Meera K',
        heldBy: 'DEP1',
        attempts: 1,
      },
    ]);
    // The holder's own repeat is refused and recorded nowhere.
    expect(await refusal(service.deposit('player', claim('412345678901')))).toMatchObject({
      status: 409,
      message: 'You have already claimed this UTR number. It is waiting for review.',
    });
    expect(store.contests).toHaveLength(1);
    // A contest or a refusal stores no claim: the administrators' pending counts are not pushed again.
    expect(pending.changes).toBe(1);
    store.setStatus('DEP1', 'FAILED');
    await expect(service.deposit('newcomer', claim('412345678901'))).resolves.toMatchObject({ transactionId: 'DEP2' });
    store.setStatus('DEP2', 'COMPLETED');
    expect(await refusal(service.deposit('player', claim('412345678901')))).toMatchObject({
      status: 409,
      message: expect.stringMatching(/^This UTR number has already been credited to another player\./),
    });
    expect(await refusal(service.deposit('newcomer', claim('412345678901')))).toMatchObject({
      status: 409,
      message: 'This UTR number has already been used.',
    });
  });

  it('a claim that loses its UTR to a parallel claim while being stored is decided again: a contest', async () => {
    const { service, store } = setup();
    store.beforeClaimStored = () => {
      store.beforeClaimStored = undefined;
      store.addClaim({ userId: 'player', utrNumber: '412345678901', amount: 50_000 });
    };
    expect(await refusal(service.deposit('newcomer', claim('412345678901')))).toMatchObject({
      status: 409,
      message: expect.stringMatching(/^Another player has already claimed/),
    });
    expect(store.transactions.filter((t) => t.utrNumber === '412345678901')).toHaveLength(1);
    expect(store.contests).toMatchObject([{ userId: 'newcomer', heldBy: 'DEP1' }]);
  });

  it('answers 409 to a fourth pending claim', async () => {
    const { service } = setup();
    await service.deposit('player', claim('412345678901'));
    await service.deposit('player', claim('412345678902'));
    await service.deposit('player', claim('412345678903'));
    expect(await refusal(service.deposit('player', claim('412345678904')))).toEqual({
      status: 409,
      message: 'You already have 3 deposits waiting for review. Please wait until one of them is reviewed.',
    });
  });
});

describe('PaymentService: withdrawals', () => {
  it('holds the amount, answers with the processing time, and publishes the balance after the commit', async () => {
    const { service, store, notifier } = setup();
    const result = await service.withdraw('player', upi(500));
    expect(result).toEqual({
      transactionId: 'WDR1',
      isActive: true,
      message: 'Withdrawal request submitted successfully. Processing time: 2–4 hours.',
    });
    expect(store.account('player')?.wallet?.main).toBe(2_950_000);
    expect(store.transactions).toMatchObject([
      { status: 'PENDING', amount: 50_000, description: 'Withdrawal to UPI ravi@ybl' },
    ]);
    expect(notifier.published).toEqual([
      { balances: new Map([['player', { main: 2_950_000, bonus: 0 }]]), seqs: [1], others: [] },
    ]);
  });

  it('keeps to ₹25,000 per IST day across requests; a rejected request does not count', async () => {
    const { service, store } = setup();
    await service.withdraw('player', upi(20_000));
    expect(await refusal(service.withdraw('player', upi(5_000.01)))).toMatchObject({
      status: 400,
      message: 'Maximum withdrawal per day is ₹25,000.',
    });
    store.setStatus('WDR1', 'FAILED');
    await expect(service.withdraw('player', upi(5_000.01))).resolves.toMatchObject({ transactionId: 'WDR2' });
    store.istDay = '2026-11-24';
    await expect(service.withdraw('player', upi(4_000))).resolves.toMatchObject({ transactionId: 'WDR3' });
  });

  it('refuses a wallet no deposit has activated (403) and an administrator (403), publishing nothing', async () => {
    const { service, notifier } = setup();
    expect(await refusal(service.withdraw('newcomer', upi(500)))).toEqual({
      status: 403,
      message: 'Deposit is not active. Please activate deposit to continue.',
    });
    expect((await refusal(service.withdraw('admin', upi(500)))).status).toBe(403);
    expect(notifier.published).toEqual([]);
  });
});
