import { Logger } from '@nestjs/common';
import { loadConfig } from '@app/config';
import { refusal } from '../testing/refusal.js';
import { RecordingNotifier } from '../wallet/testing/recording-notifier.js';
import { RecordingPendingNotifier } from './testing/recording-pending-notifier.js';
import type { AdminPaymentsRepository } from './admin-payments.repository.js';
import { AdminPaymentsService } from './admin-payments.service.js';
import { InMemoryReviewStore } from './testing/in-memory-review-store.js';

/** The admin review use case against an in-memory store: answers, money moved, what is published and audited. */
function setup() {
  const store = new InMemoryReviewStore();
  const notifier = new RecordingNotifier();
  const pending = new RecordingPendingNotifier();
  const service = new AdminPaymentsService(
    {} as AdminPaymentsRepository,
    store,
    notifier.asNotifier(),
    loadConfig({}),
    pending.asNotifier(),
  );
  store.wallets.set('player', { walletId: 'w-player', main: 0, bonus: 0, isActive: false });
  store.wallets.set('referrer', { walletId: 'w-ref', main: 0, bonus: 0, isActive: true });
  store.referredBy.set('player', { referrerId: 'referrer', username: 'asha' });
  store.addTransaction({
    id: 'r1',
    transaction_id: 'DEP1',
    type: 'DEPOSIT',
    user_id: 'player',
    wallet_id: 'w-player',
    amount: 200_000,
  });
  store.addTransaction({
    id: 'r2',
    transaction_id: 'DEP2',
    type: 'DEPOSIT',
    user_id: 'player',
    wallet_id: 'w-player',
    amount: 100_000,
  });
  store.addTransaction({
    id: 'r3',
    transaction_id: 'WDR1',
    type: 'WITHDRAWAL',
    user_id: 'player',
    wallet_id: 'w-player',
    amount: 50_000,
  });
  return { store, notifier, pending, service };
}
const body = (transactionId: string, status: 'COMPLETED' | 'FAILED', walletId = 'w-player') => ({
  transactionId,
  walletId,
  status,
});

beforeAll(() => Logger.overrideLogger(false));

describe('AdminPaymentsService: reviewing', () => {
  it("approving a referred player's first deposit credits them, activates the wallet and starts the referrer's 10 % referral once (paid later, by play)", async () => {
    const { service, store, notifier } = setup();
    const transaction = await service.updateStatus('admin', body('DEP1', 'COMPLETED'));
    expect(transaction).toMatchObject({ transactionId: 'DEP1', status: 'COMPLETED', amount: 2000 });
    expect(store.wallets.get('player')).toMatchObject({ main: 200_000, isActive: true });
    expect(store.wallets.get('referrer')).toMatchObject({ bonus: 0 });
    expect(notifier.published[0]?.balances).toEqual(new Map([['player', { main: 200_000, bonus: 0 }]]));
    // The second deposit is not the first: no second bonus.
    await service.updateStatus('admin', body('DEP2', 'COMPLETED'));
    expect(store.referrals).toEqual([{ referrerId: 'referrer', referredUserId: 'player', bonusPaise: 20_000 }]);
    expect(store.audit.map((a) => a.decision)).toEqual(['COMPLETED', 'COMPLETED']);
  });

  it('rejecting a withdrawal returns the held amount; nothing moves on a rejected deposit, though its player is told', async () => {
    const { service, store, notifier } = setup();
    await service.updateStatus('admin', body('WDR1', 'FAILED'));
    expect(store.wallets.get('player')?.main).toBe(50_000);
    await service.updateStatus('admin', body('DEP1', 'FAILED'));
    expect(store.wallets.get('player')?.main).toBe(50_000);
    expect(notifier.published[1]).toMatchObject({ others: ['player'] });
  });

  it('refuses with the status and text the panel shows, storing and publishing nothing', async () => {
    const { service, store, notifier, pending } = setup();
    expect(await refusal(service.updateStatus('admin', body('DEP9', 'COMPLETED')))).toEqual({
      status: 404,
      message: 'Transaction not found.',
    });
    expect(await refusal(service.updateStatus('admin', body('DEP1', 'COMPLETED', 'w-other')))).toEqual({
      status: 404,
      message: 'Transaction not found.',
    });
    expect(await refusal(service.updateStatus('player', body('DEP1', 'COMPLETED')))).toEqual({
      status: 403,
      message: 'You cannot review a transaction of your own account.',
    });
    await service.updateStatus('admin', body('WDR1', 'COMPLETED'));
    expect(await refusal(service.updateStatus('admin', body('WDR1', 'FAILED')))).toEqual({
      status: 409,
      message: 'Only pending withdrawals can be updated.',
    });
    expect(store.audit).toHaveLength(1);
    expect(notifier.published).toHaveLength(1);
    // The administrators' pending counts are pushed after the one review that happened, not after the refusals.
    expect(pending.changes).toBe(1);
  });

  it('answers 409 when a concurrent review of the same deposit committed first', async () => {
    const { service, store, notifier } = setup();
    store.loseNextRace = true;
    expect(await refusal(service.updateStatus('admin', body('DEP1', 'COMPLETED')))).toEqual({
      status: 409,
      message: 'Only pending deposits can be updated.',
    });
    expect(store.wallets.get('player')?.main).toBe(0);
    expect(notifier.published).toEqual([]);
  });
});
