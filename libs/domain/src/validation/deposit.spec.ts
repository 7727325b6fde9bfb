import {
  depositPayerKind,
  normalizeDepositPayer,
  normalizeUtr,
  validateDeposit,
  validateDepositAmount,
  validateDepositPayer,
  validateUtr,
} from './deposit.js';

describe('deposit amount', () => {
  it.each([100, 10_000, 2000, '500', '100.00', 9_999.99, 12_34.5, ' 150.5 '])(
    '%j is accepted (₹100 to ₹10,000)',
    (amount) => {
      expect(validateDepositAmount(amount)).toBeNull();
    },
  );

  it.each([
    0,
    -100,
    '',
    '  ',
    null,
    undefined,
    'abc',
    '10.005',
    100.001,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    -0,
    '-0',
    Number('1e309'),
    2 ** 60,
  ])('%j: Please enter a valid amount.', (amount) => {
    expect(validateDepositAmount(amount)).toBe('Please enter a valid amount.');
  });

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

  it('a UPI UTR is 12 digits; the spaces and dashes of a pasted UTR are ignored', () => {
    expect(validateUtr('412345678901')).toBeNull();
    expect(validateUtr('1234 5678 9012')).toBeNull();
    expect(validateUtr(' 1234-5678-9012 ')).toBeNull();
  });

  it.each([
    'abcdefghijkl',
    'hdfc0000123456789012',
    '41234567890',
    '4123456789012',
    '4123456789O1',
    'ஆ12345678901',
    '4123_45678901',
  ])('%j: not the 12 digits of a UPI UTR', (utr) => {
    expect(validateUtr(utr)).toBe('UTR number must be the 12 digits your UPI app shows for the payment.');
  });

  it.each(['000000000000', '1111 1111 1111', '999999999999'])('%j: one digit repeated is no real UTR', (utr) => {
    expect(validateUtr(utr)).toBe(
      'This is not a real UTR number. Copy the 12 digits from the payment in your UPI app.',
    );
  });

  it('a bank transfer keeps the IMPS/NEFT reference format: 12 to 22 letters or digits', () => {
    expect(validateUtr('  hdfc0000123456789012 ', 'BANK_TRANSFER')).toBeNull();
    expect(validateUtr('412345678901', 'BANK_TRANSFER')).toBeNull();
    for (const utr of ['41234567890', '4123456789012345678901234', 'ஆ12345678901']) {
      expect(validateUtr(utr, 'BANK_TRANSFER')).toBe('The reference must be 12 to 22 letters or digits.');
    }
  });

  it('a value that is not text is not a UTR', () => {
    for (const utr of [412345678901, true, { utr: '412345678901' }, ['412345678901']]) {
      expect(validateUtr(utr)).toBe('UTR number must be the 12 digits your UPI app shows for the payment.');
    }
    expect(validateUtr(null)).toBe('UTR number is required.');
  });

  it('is stored trimmed, without spaces or dashes, upper-cased', () => {
    expect(normalizeUtr(' 1234 5678-9012 ')).toBe('123456789012');
    expect(normalizeUtr('  axis1234567890 ')).toBe('AXIS1234567890');
  });
});

describe('payer: the UPI ID paid from, or the account holder name', () => {
  const required = "Please enter the UPI ID you paid from, or the account holder's name as your bank shows it.";
  const invalid = 'Enter a UPI ID like name@okaxis, or a name of 3 to 100 letters, spaces and dots.';

  it.each([
    'ravi.kumar@okaxis',
    'RAVI@YBL',
    '9876543210@paytm',
    'asha-rao_1@oksbi',
    'RAVI KUMAR',
    'Asha Rao',
    'K. Meera',
    'Dr. S. P. Iyer',
  ])('%j is accepted', (payer) => {
    expect(validateDepositPayer(payer)).toBeNull();
  });

  it('absent (a client older than the field) is accepted; empty is required', () => {
    expect(validateDepositPayer(undefined)).toBeNull();
    expect(validateDepositPayer(null)).toBeNull();
    expect(validateDepositPayer('')).toBe(required);
    expect(validateDepositPayer('   ')).toBe(required);
  });

  it.each([
    'ravi@',
    '@okaxis',
    'ravi kumar@okaxis',
    'ra@vi@ok',
    'Al',
    'Ravi123',
    'Ravi_Kumar',
    'राम कुमार',
    '...',
    `${'a'.repeat(250)}@okaxis`,
    'R'.repeat(101),
  ])('%j: %s', (payer) => {
    expect(validateDepositPayer(payer)).toBe(invalid);
  });

  it('a value that is not text is refused', () => {
    for (const payer of [42, true, { vpa: 'ravi@ybl' }, ['ravi@ybl']])
      expect(validateDepositPayer(payer)).toBe(invalid);
  });

  it('is stored trimmed with single spaces; a UPI ID lower-cased, a name as typed', () => {
    expect(normalizeDepositPayer('  Ravi.Kumar@OKAXIS ')).toBe('ravi.kumar@okaxis');
    expect(normalizeDepositPayer(' RAVI   KUMAR ')).toBe('RAVI KUMAR');
    expect(depositPayerKind('ravi@ybl')).toBe('UPI_ID');
    expect(depositPayerKind('RAVI KUMAR')).toBe('NAME');
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
    expect(validateDeposit({ amount: '199.99', utrNumber: '5123-4567-8901' }).value).toEqual({
      method: 'UPI',
      amountPaise: 19_999,
      utrNumber: '512345678901',
    });
  });

  it('carries the payer, normalised, when it is sent', () => {
    expect(validateDeposit({ amount: 500, utrNumber: '412345678901', payer: ' Asha  Rao ' }).value).toEqual({
      method: 'UPI',
      amountPaise: 50_000,
      utrNumber: '412345678901',
      payer: 'Asha Rao',
    });
    expect(validateDeposit({ amount: 500, utrNumber: '412345678901', payer: '' }).errors).toEqual({
      payer: "Please enter the UPI ID you paid from, or the account holder's name as your bank shows it.",
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
    expect(validateDeposit({ amount: 100, utrNumber: '412345678901', upiApp: 'CRED' }).error).toBe(
      'Please choose a valid UPI app.',
    );
    for (const upiApp of [true, 1, {}, ['PHONEPE']]) {
      expect(validateDeposit({ amount: 100, utrNumber: '412345678901', upiApp }).errors).toEqual({
        upiApp: 'Please choose a valid UPI app.',
      });
    }
    expect(validateDeposit({ amount: 100, utrNumber: '412345678901', upiApp: null }).ok).toBe(true);
  });
});
