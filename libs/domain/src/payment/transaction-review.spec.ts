import { deciderSpecification } from '../testing/index.js';
import {
  reviewDecider,
  type ReviewEvent,
  type ReviewState,
  type ReviewTransaction,
  type ReviewedTransaction,
} from './transaction-review.js';

const spec = deciderSpecification(reviewDecider);

const deposit: ReviewedTransaction = {
  id: 'row-1',
  transactionId: 'DEP1',
  type: 'DEPOSIT',
  status: 'PENDING',
  userId: 'player',
  walletId: 'w-player',
  amount: 200_000,
  istDay: '2026-11-23',
};
const withdrawal: ReviewedTransaction = {
  ...deposit,
  id: 'row-2',
  transactionId: 'WDR1',
  type: 'WITHDRAWAL',
  amount: 50_000,
};
const terms = { shareBps: 1_000, capPaise: 50_000 };
const state = (transaction: ReviewedTransaction | null, more: Partial<ReviewState> = {}): ReviewState => ({
  transaction,
  referral: null,
  hasOtherApprovedDeposit: false,
  referralTerms: terms,
  ...more,
});
const review = (decision: 'COMPLETED' | 'FAILED', overrides: Partial<ReviewTransaction> = {}): ReviewTransaction => ({
  reviewerId: 'admin',
  walletId: 'w-player',
  decision,
  notes: null,
  ...overrides,
});
const decided = (
  type: 'DepositApproved' | 'DepositRejected' | 'WithdrawalPaidOut' | 'WithdrawalReturned',
  transaction: ReviewedTransaction,
  notes: string | null = null,
): ReviewEvent => ({ type, data: { transaction, reviewerId: 'admin', notes } }) as ReviewEvent;

describe('reviewing a deposit', () => {
  it('given a pending ₹2,000 claim, when approved, then the deposit is approved (no referrer: no bonus)', () => {
    spec
      .given(state(deposit))
      .when(review('COMPLETED', { notes: 'paid' }))
      .then([decided('DepositApproved', deposit, 'paid')]);
  });

  it('given a pending claim, when rejected, then the deposit is rejected', () => {
    spec
      .given(state(deposit))
      .when(review('FAILED'))
      .then([decided('DepositRejected', deposit)]);
  });

  it("given a referred player's first deposit of ₹2,000, when approved, then a referral starts for 10 %: ₹200, paid only once the deposit is played through", () => {
    spec
      .given(state(deposit, { referral: { referrerId: 'ref', referrerWalletId: 'w-ref', playerUsername: 'asha' } }))
      .when(review('COMPLETED'))
      .then([
        decided('DepositApproved', deposit),
        {
          type: 'ReferralStarted',
          data: {
            referrerId: 'ref',
            referredUserId: 'player',
            depositId: deposit.id,
            depositTransactionId: 'DEP1',
            depositPaise: 200_000,
            bonusPaise: 20_000,
          },
        },
      ]);
  });

  it('the bonus is capped at ₹500 (a ₹10,000 first deposit earns ₹500, not ₹1,000)', () => {
    const big = { ...deposit, amount: 1_000_000 };
    const events = spec
      .given(state(big, { referral: { referrerId: 'ref', referrerWalletId: 'w-ref', playerUsername: 'asha' } }))
      .when(review('COMPLETED'))
      .events();
    expect(events[1]).toMatchObject({ type: 'ReferralStarted', data: { bonusPaise: 50_000, depositPaise: 1_000_000 } });
  });

  it('given the player already has an approved deposit, when another is approved, then no bonus', () => {
    spec
      .given(
        state(deposit, {
          referral: { referrerId: 'ref', referrerWalletId: 'w-ref', playerUsername: 'asha' },
          hasOtherApprovedDeposit: true,
        }),
      )
      .when(review('COMPLETED'))
      .then([decided('DepositApproved', deposit)]);
  });

  it('with a share of 0 the referrer earns nothing', () => {
    spec
      .given(
        state(deposit, {
          referral: { referrerId: 'ref', referrerWalletId: 'w-ref', playerUsername: 'asha' },
          referralTerms: { shareBps: 0, capPaise: 50_000 },
        }),
      )
      .when(review('COMPLETED'))
      .then([decided('DepositApproved', deposit)]);
  });
});

describe('reviewing a withdrawal', () => {
  it('when approved, then it is paid out; when rejected, then the held amount returns', () => {
    spec
      .given(state(withdrawal))
      .when(review('COMPLETED'))
      .then([decided('WithdrawalPaidOut', withdrawal)]);
    spec
      .given(state(withdrawal))
      .when(review('FAILED'))
      .then([decided('WithdrawalReturned', withdrawal)]);
  });

  it("given a suspended player's pending withdrawal, it is held: not paid out, but it can be returned to their balance", () => {
    spec
      .given(state(withdrawal, { playerSuspended: true }))
      .when(review('COMPLETED'))
      .thenRefused(
        'PLAYER_SUSPENDED',
        'This player is suspended: reinstate them before paying out, or reject the withdrawal.',
      );
    spec
      .given(state(withdrawal, { playerSuspended: true }))
      .when(review('FAILED'))
      .then([decided('WithdrawalReturned', withdrawal)]);
  });
});

describe('only PENDING moves, exactly once, never by its owner', () => {
  it('given an approved deposit, when approved again, then: only pending deposits can be updated', () => {
    spec
      .given(state(deposit), decided('DepositApproved', deposit))
      .when(review('COMPLETED'))
      .thenRefused('NOT_PENDING', 'Only pending deposits can be updated.');
  });

  it('given a rejected deposit, when approved, then refused (a decision is final)', () => {
    spec
      .given(state(deposit), decided('DepositRejected', deposit))
      .when(review('COMPLETED'))
      .thenRefused('NOT_PENDING', 'Only pending deposits can be updated.');
  });

  it('given a paid-out withdrawal, when rejected, then: only pending withdrawals can be updated', () => {
    spec
      .given(state(withdrawal), decided('WithdrawalPaidOut', withdrawal))
      .when(review('FAILED'))
      .thenRefused('NOT_PENDING', 'Only pending withdrawals can be updated.');
  });

  it('given a transaction of the reviewer’s own account, then refused, even when it is no longer pending', () => {
    spec
      .given(state({ ...deposit, userId: 'admin' }))
      .when(review('COMPLETED'))
      .thenRefused('OWN_TRANSACTION', 'You cannot review a transaction of your own account.');
    spec
      .given(state({ ...deposit, userId: 'admin', status: 'COMPLETED' }))
      .when(review('FAILED'))
      .thenRefused('OWN_TRANSACTION');
  });

  it('given no such transaction, or another wallet than the one named, then: not found', () => {
    spec.given(state(null)).when(review('COMPLETED')).thenRefused('NOT_FOUND', 'Transaction not found.');
    spec
      .given(state(deposit))
      .when(review('COMPLETED', { walletId: 'w-other' }))
      .thenRefused('NOT_FOUND', 'Transaction not found.');
  });

  it('given a bonus or a refund, then: only deposits and withdrawals can be reviewed', () => {
    spec
      .given(state({ ...deposit, type: 'BONUS' }))
      .when(review('COMPLETED'))
      .thenRefused('NOT_REVIEWABLE', 'Only deposits and withdrawals can be reviewed.');
  });
});
