import { normalizeUtr, validateDeposit, validateDepositAmount, validateUtr } from './deposit.js';

describe('deposit amount', () => {
  it.each([100, 10_000, 2000, '500', '100.00', 9_999.99, 12_34.5, ' 150.5 '])('%j is accepted (₹100 to ₹10,000)', (amount) => {
    expect(validateDepositAmount(amount)).toBeNull();
  });

  it.each([0, -100, '', '  ', null, undefined, 'abc', '10.005', 100.001, Number.NaN, Number.POSITIVE_INFINITY, -0, '-0', Number('1e309'), 2 ** 60])(
    '%j: Please enter a valid amount.',
    (amount) => {
      expect(validateDepositAmount(amount)).toBe('Please enter a valid amount.');
    },
  );

  it.each([1, 0.5, 99.99, '99.99'])('%j is below the bounds: Minimum deposit is ₹100.', (amount) => {
    expect(validateDepositAmount(amount)).toBe('Minimum deposit is ₹100.');
  });

  it.each([10_000.01, 10_001, 1e12, '25000'])('%j is above the bounds: Maximum deposit is ₹10,000.', (amount) => {
    expect(validateDepositAmount(amount)).toBe('Maximum deposit is ₹10,000.');
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

  it('a value that is not text is not a UTR', () => {
    for (const utr of [412345678901, true, { utr: '412345678901' }, ['412345678901']]) {
      expect(validateUtr(utr)).toBe('UTR number must be 12 to 22 letters or digits.');
    }
    expect(validateUtr(null)).toBe('UTR number is required.');
  });

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
    expect(validateDeposit({ amount: '199.99', utrNumber: 'abcd12345678' }).value).toEqual({
      method: 'UPI',
      amountPaise: 19_999,
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

  it('refuses an unknown UPI app, and an app that is not text', () => {
    expect(validateDeposit({ amount: 100, utrNumber: '412345678901', upiApp: 'CRED' }).error).toBe('Please choose a valid UPI app.');
    for (const upiApp of [true, 1, {}, ['PHONEPE']]) {
      expect(validateDeposit({ amount: 100, utrNumber: '412345678901', upiApp }).errors).toEqual({ upiApp: 'Please choose a valid UPI app.' });
    }
    expect(validateDeposit({ amount: 100, utrNumber: '412345678901', upiApp: null }).ok).toBe(true);
  });
});
