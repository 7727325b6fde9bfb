import { normalizeUtr, validateDeposit, validateDepositAmount, validateUtr } from './deposit.js';

describe('deposit amount', () => {
  it.each([100, 1, 10_000, 2000, '500', '99.99', 12_345.5])('%j is accepted', (amount) => {
    expect(validateDepositAmount(amount)).toBeNull();
  });

  it.each([0, -100, '', '  ', null, undefined, 'abc', 0.5, '10.005', Number.NaN])('%j: Please enter a valid amount.', (amount) => {
    expect(validateDepositAmount(amount)).toBe('Please enter a valid amount.');
  });
});

describe('UTR number', () => {
  it('missing: UTR number is required.', () => {
    expect(validateUtr('')).toBe('UTR number is required.');
    expect(validateUtr('   ')).toBe('UTR number is required.');
    expect(validateUtr(undefined)).toBe('UTR number is required.');
  });

  it('a 12-digit UPI UTR, and up to 22 letters or digits, are accepted', () => {
    expect(validateUtr('412345678901')).toBeNull();
    expect(validateUtr('  hdfc0000123456789012 ')).toBeNull();
  });

  it.each(['41234567890', '4123456789012345678901234', '4123-45678901', '4123 45678901', 'ஆ12345678901'])(
    '%j: UTR number must be 12 to 22 letters or digits.',
    (utr) => {
      expect(validateUtr(utr)).toBe('UTR number must be 12 to 22 letters or digits.');
    },
  );

  it('is stored trimmed and upper-cased', () => {
    expect(normalizeUtr('  axis1234567890 ')).toBe('AXIS1234567890');
  });
});

describe('deposit request', () => {
  it('returns the amount in paise and the normalised UTR', () => {
    expect(validateDeposit({ amount: 500, utrNumber: ' 412345678901 ', upiApp: 'PHONEPE' })).toEqual({
      ok: true,
      value: { method: 'UPI', amountPaise: 50_000, utrNumber: '412345678901', upiApp: 'PHONEPE' },
      errors: {},
      error: null,
    });
    expect(validateDeposit({ amount: '99.99', utrNumber: 'abcd12345678' }).value).toEqual({
      method: 'UPI',
      amountPaise: 9_999,
      utrNumber: 'ABCD12345678',
    });
  });

  it('reports the amount before the UTR', () => {
    expect(validateDeposit({ amount: 0, utrNumber: '' })).toEqual({
      ok: false,
      value: null,
      errors: { amount: 'Please enter a valid amount.', utrNumber: 'UTR number is required.' },
      error: 'Please enter a valid amount.',
    });
  });

  it('refuses an unknown UPI app', () => {
    expect(validateDeposit({ amount: 100, utrNumber: '412345678901', upiApp: 'CRED' }).error).toBe('Please choose a valid UPI app.');
  });
});
