import { ACCOUNT_NOTICE_KINDS } from '@app/contracts';
import { noticeToast } from './notice-texts';

describe('the words of account notices', () => {
  test('every kind says what happened and how much, in the app’s money format', () => {
    const shown = ACCOUNT_NOTICE_KINDS.map((kind) => noticeToast({ kind, amount: 100000.5, transactionId: 'T1' }));
    expect(shown.map((t) => [t.kind, t.message])).toEqual([
      ['success', 'Your deposit of ₹1,00,000.50 was approved and added to your balance.'],
      ['error', 'Your deposit of ₹1,00,000.50 was not approved.'],
      ['success', 'Your withdrawal of ₹1,00,000.50 has been paid.'],
      ['error', 'Your withdrawal of ₹1,00,000.50 was not paid. The amount is back in your main balance.'],
      ['success', 'You earned a referral bonus of ₹1,00,000.50.'],
    ]);
  });

  test('a rejection adds its reason and points to the transaction and to help; a success has no links', () => {
    const rejected = noticeToast({ kind: 'deposit-rejected', amount: 500, transactionId: 'D1', reason: ' Wrong UTR ' });
    expect(rejected.message).toBe('Your deposit of ₹500.00 was not approved. Reason: Wrong UTR');
    expect(rejected.links).toEqual([
      { to: '/wallet', label: 'View transaction' },
      { to: '/help', label: 'Get help' },
    ]);
    expect(noticeToast({ kind: 'deposit-approved', amount: 500, transactionId: 'D2' }).links).toBeUndefined();
  });
});
