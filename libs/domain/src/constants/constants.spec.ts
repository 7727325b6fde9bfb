import * as limits from './limits.js';
import { ROLES, isRole } from './roles.js';
import {
  ADMIN_NOTES_MAX_LENGTH,
  METHOD_LABELS,
  REVIEW_DECISIONS,
  TRANSACTION_STATUSES,
  isTransactionStatus,
  methodLabel,
  reviewTransitionError,
} from './transactions.js';
import { DEPOSIT_UPI_APPS, UPI_APP_LIST, isUpiApp, upiAppInitials, upiAppName, upiAppSuffix } from './upi-apps.js';

describe('business constants (SPEC §5, §9)', () => {
  it('rounds: 30 s, locked at 5 s', () => {
    expect(limits.ROUND_SECONDS).toBe(30);
    expect(limits.LOCK_SECONDS).toBe(5);
  });

  it('stakes and presets', () => {
    expect(limits.STAKES).toEqual([10, 50, 100, 200, 500, 1000]);
    expect(limits.STAKES_PAISE).toEqual([1_000, 5_000, 10_000, 20_000, 50_000, 100_000]);
    expect(limits.DEPOSIT_PRESETS).toEqual([100, 500, 1000, 2000, 5000, 10000]);
    expect(limits.WITHDRAW_PRESETS).toEqual([500, 1000, 2000, 5000, 10000]);
  });

  it('lists and timings', () => {
    expect([limits.RESULTS_KEPT, limits.RESULTS_SHOWN, limits.TRANSACTIONS_SHOWN]).toEqual([15, 5, 5]);
    expect([limits.RESULT_POPUP_TEXT_SECONDS, limits.RESULT_CLEAR_MS]).toEqual([3, 5_000]);
    expect([limits.COPY_NOTICE_MS, limits.HEADER_HIDE_SCROLL_PX, limits.TOAST_MS]).toEqual([2_000, 40, 4_000]);
  });

  it('identity limits', () => {
    expect([limits.LOGIN_PASSWORD_MIN_LENGTH, limits.LOGIN_PASSWORD_INPUT_MAX_LENGTH]).toEqual([6, 10]);
    expect([limits.RESET_PASSWORD_MIN_LENGTH, limits.PASSWORD_MAX_LENGTH]).toEqual([6, 128]);
    expect(limits.OTP_LENGTH).toBe(6);
    expect([limits.EMAIL_MAX_LENGTH, limits.PASSWORD_MAX_LENGTH]).toEqual([254, 128]);
    expect(limits.DEFAULT_ALLOWED_EMAIL_DOMAINS).toEqual(['gmail.com']);
    expect(limits.MIN_AGE).toBe(18);
  });

  it('money limits', () => {
    expect([limits.CUSTOM_DEPOSIT_MIN, limits.DEPOSIT_INSTRUCTION_MIN, limits.DEPOSIT_INSTRUCTION_MAX]).toEqual([
      1, 100, 10_000,
    ]);
    expect([limits.DEPOSIT_MIN_PAISE, limits.DEPOSIT_MAX_PAISE, limits.MAX_PENDING_DEPOSITS]).toEqual([
      10_000, 1_000_000, 3,
    ]);
    expect([limits.WITHDRAWAL_MIN, limits.WITHDRAWAL_MAX, limits.WITHDRAWAL_DAILY_MAX]).toEqual([500, 25_000, 25_000]);
    expect([limits.WITHDRAWAL_MIN_PAISE, limits.WITHDRAWAL_MAX_PAISE, limits.WITHDRAWAL_DAILY_MAX_PAISE]).toEqual([
      50_000, 2_500_000, 2_500_000,
    ]);
    expect(limits.WITHDRAWAL_ELIGIBILITY_MIN).toBe(500);
    expect([limits.GST_BPS, limits.GST_PERCENT]).toEqual([1800, 18]);
    expect([limits.ACCOUNT_NUMBER_MIN_LENGTH, limits.ACCOUNT_NUMBER_MAX_LENGTH, limits.IFSC_LENGTH]).toEqual([
      9, 18, 11,
    ]);
    expect([limits.HOLDER_NAME_MIN_LENGTH, limits.HOLDER_NAME_MAX_LENGTH, limits.UPI_ID_MAX_LENGTH]).toEqual([
      3, 100, 256,
    ]);
    expect([limits.UTR_MIN_LENGTH, limits.UTR_MAX_LENGTH]).toEqual([12, 22]);
  });
});

describe('UPI apps', () => {
  it('keys, names and handles, in grid order', () => {
    expect(UPI_APP_LIST.map((a) => [a.key, a.name, a.handles])).toEqual([
      ['GOOGLE_PAY', 'Google Pay', ['@okaxis', '@okhdfcbank', '@okicici', '@oksbi']],
      ['PHONEPE', 'PhonePe', ['@ybl']],
      ['PAYTM', 'Paytm', ['@paytm']],
      ['BHIM', 'BHIM', ['@upi']],
      ['QR', 'Other/QR', []],
    ]);
    // Only an app with one handle completes an ID typed without '@'.
    expect(UPI_APP_LIST.map((a) => upiAppSuffix(a.key))).toEqual(['', '@ybl', '@paytm', '@upi', '']);
  });

  it('each app has the initials of its badge', () => {
    expect(UPI_APP_LIST.map((app) => app.initials)).toEqual(['G', 'Pe', 'P', 'B', 'QR']);
    expect([upiAppInitials('GOOGLE_PAY'), upiAppInitials('PHONEPE'), upiAppInitials('QR')]).toEqual(['G', 'Pe', 'QR']);
  });

  it('the deposit list is the first four', () => {
    expect(DEPOSIT_UPI_APPS).toEqual(['GOOGLE_PAY', 'PHONEPE', 'PAYTM', 'BHIM']);
  });

  it('lookups', () => {
    expect(upiAppSuffix('BHIM')).toBe('@upi');
    expect(upiAppName('QR')).toBe('Other/QR');
    expect(upiAppName('CRED')).toBe('CRED');
    expect(isUpiApp('PAYTM')).toBe(true);
    expect(isUpiApp('paytm')).toBe(false);
  });
});

describe('transactions', () => {
  it.each([
    ['UPI', 'UPI Payment'],
    ['BANK_TRANSFER', 'Bank Transfer'],
    ['CARD', 'Card Payment'],
    ['WALLET', 'Wallet Transfer'],
    ['BONUS', 'Bonus'],
    ['REFUND', 'Refund'],
    ['CRYPTO', 'CRYPTO'],
    ['', ''],
    ['toString', 'toString'],
  ])('method %j is labelled %j', (method, label) => {
    expect(methodLabel(method)).toBe(label);
  });

  it('six labelled methods', () => {
    expect(Object.keys(METHOD_LABELS)).toHaveLength(6);
  });

  it('statuses PENDING, COMPLETED, FAILED', () => {
    expect(TRANSACTION_STATUSES).toEqual(['PENDING', 'COMPLETED', 'FAILED']);
    expect(isTransactionStatus('COMPLETED')).toBe(true);
    expect(isTransactionStatus('pending')).toBe(false);
  });

  it('only a PENDING item moves, to COMPLETED or FAILED', () => {
    expect(REVIEW_DECISIONS).toEqual(['COMPLETED', 'FAILED']);
    expect(ADMIN_NOTES_MAX_LENGTH).toBe(500);
    expect(reviewTransitionError('deposit', 'PENDING', 'COMPLETED')).toBeNull();
    expect(reviewTransitionError('withdrawal', 'PENDING', 'FAILED')).toBeNull();
    expect(reviewTransitionError('deposit', 'COMPLETED', 'FAILED')).toBe('Only pending deposits can be updated.');
    expect(reviewTransitionError('withdrawal', 'FAILED', 'COMPLETED')).toBe('Only pending withdrawals can be updated.');
    expect(reviewTransitionError('deposit', 'PENDING', 'PENDING')).toBe('Only pending deposits can be updated.');
  });
});

describe('roles', () => {
  it('user and super-admin', () => {
    expect(ROLES).toEqual(['user', 'super-admin']);
    expect(isRole('super-admin')).toBe(true);
    expect(isRole('admin')).toBe(false);
  });
});
