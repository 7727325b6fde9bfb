import {
  WITHDRAW_MESSAGES,
  isAccountNumber,
  isHolderName,
  isIfsc,
  isUpiId,
  isWithdrawPresetEnabled,
  resolveUpiId,
  validateWithdraw,
  validateWithdrawAmount,
} from './withdraw.js';

const rich = { balancePaise: 10_000_000 }; // ₹1,00,000

describe('withdrawal amount', () => {
  it('₹500 and ₹25,000 are accepted (inclusive)', () => {
    expect(validateWithdrawAmount(500, rich)).toBeNull();
    expect(validateWithdrawAmount(25_000, rich)).toBeNull();
    expect(validateWithdrawAmount('1234.50', rich)).toBeNull();
  });

  it('₹499.99: Minimum withdrawal is ₹500.', () => {
    expect(validateWithdrawAmount(499.99, rich)).toBe('Minimum withdrawal is ₹500.');
    expect(validateWithdrawAmount(100, rich)).toBe('Minimum withdrawal is ₹500.');
    expect(validateWithdrawAmount('', rich)).toBe('Minimum withdrawal is ₹500.');
    expect(validateWithdrawAmount(undefined, rich)).toBe('Minimum withdrawal is ₹500.');
  });

  it('₹25,000.01: Maximum withdrawal per day is ₹25,000.', () => {
    expect(validateWithdrawAmount(25_000.01, rich)).toBe('Maximum withdrawal per day is ₹25,000.');
  });

  it('above the balance: Insufficient balance.', () => {
    expect(validateWithdrawAmount(1_000, { balancePaise: 99_999 })).toBe('Insufficient balance.');
    expect(validateWithdrawAmount(1_000, { balancePaise: 100_000 })).toBeNull();
  });

  it('with ₹20,000 already requested today, ₹5,000 more is fine and ₹5,000.01 is over the day', () => {
    expect(validateWithdrawAmount(5_000, { ...rich, withdrawnTodayPaise: 2_000_000 })).toBeNull();
    expect(validateWithdrawAmount(5_000.01, { ...rich, withdrawnTodayPaise: 2_000_000 })).toBe(
      'Maximum withdrawal per day is ₹25,000.',
    );
  });

  it('an amount that is not a rupee number: Please fill all fields correctly.', () => {
    for (const amount of [
      'abc',
      500.001,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      -0,
      '-0',
      Number('1e309'),
    ]) {
      expect(validateWithdrawAmount(amount, rich)).toBe('Please fill all fields correctly.');
    }
  });

  it('an amount far past the bounds is refused by the bounds, not rounded', () => {
    expect(validateWithdrawAmount(1e13, { balancePaise: Number.MAX_SAFE_INTEGER })).toBe(
      'Maximum withdrawal per day is ₹25,000.',
    );
    expect(validateWithdrawAmount(-500, rich)).toBe('Minimum withdrawal is ₹500.');
  });
});

describe('UPI withdrawal', () => {
  it('appends the handle only of an app with one handle; never guesses one of several', () => {
    expect(resolveUpiId(' ravi ', 'BHIM')).toBe('ravi@upi');
    expect(resolveUpiId('ravi', 'PHONEPE')).toBe('ravi@ybl');
    expect(resolveUpiId('ravi', 'PAYTM')).toBe('ravi@paytm');
    // Google Pay has four handles (okaxis, okhdfcbank, okicici, oksbi): nothing is appended.
    expect(resolveUpiId('ravi', 'GOOGLE_PAY')).toBe('ravi');
    expect(resolveUpiId('ravi@oksbi', 'PHONEPE')).toBe('ravi@oksbi');
    expect(resolveUpiId('ravi', 'QR')).toBe('ravi');
  });

  it('submits the amount in paise, the app and the final ID', () => {
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'PHONEPE', upiId: '9876543210' }, rich)).toEqual({
      ok: true,
      value: { method: 'UPI', amountPaise: 50_000, upiApp: 'PHONEPE', upiId: '9876543210@ybl' },
      errors: {},
      error: null,
    });
    expect(
      validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'BHIM', upiId: '9876543210' }, rich).value,
    ).toMatchObject({ upiId: '9876543210@upi' });
  });

  it('an ID without @ for an app with several handles: the whole ID is asked for, with the handles', () => {
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'GOOGLE_PAY', upiId: 'bob' }, rich).errors).toEqual({
      upiId: 'Enter your whole UPI ID: Google Pay IDs end in @okaxis, @okhdfcbank, @okicici or @oksbi.',
    });
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'QR', upiId: 'bob' }, rich).error).toBe(
      'Enter your whole UPI ID, like name@bank.',
    );
    expect(
      validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'GOOGLE_PAY', upiId: 'bob@okicici' }, rich).value,
    ).toMatchObject({ upiId: 'bob@okicici' });
  });

  it('no app or no ID: UPI App and UPI ID are required for UPI withdrawal.', () => {
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiId: 'ravi' }, rich).error).toBe(
      'UPI App and UPI ID are required for UPI withdrawal.',
    );
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'PAYTM', upiId: '  ' }, rich).errors).toEqual({
      upiId: 'UPI App and UPI ID are required for UPI withdrawal.',
    });
  });

  it('a final ID not shaped name@handle: UPI ID must look like name@bank.', () => {
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'QR', upiId: 'ravi@' }, rich).errors).toEqual({
      upiId: WITHDRAW_MESSAGES.upiId,
    });
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'BHIM', upiId: 'bob😀' }, rich).error).toBe(
      WITHDRAW_MESSAGES.upiId,
    );
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'PAYTM', upiId: 'ra vi@paytm' }, rich).error).toBe(
      WITHDRAW_MESSAGES.upiId,
    );
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'PAYTM', upiId: 'ravi@' }, rich).error).toBe(
      WITHDRAW_MESSAGES.upiId,
    );
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'PAYTM', upiId: 'a@b@c' }, rich).error).toBe(
      WITHDRAW_MESSAGES.upiId,
    );
  });

  it('a final ID longer than 256 characters: UPI ID must look like name@bank.', () => {
    const name = 'r'.repeat(256 - '@upi'.length);
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'BHIM', upiId: name }, rich).ok).toBe(true);
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'BHIM', upiId: `${name}r` }, rich).errors).toEqual({
      upiId: WITHDRAW_MESSAGES.upiId,
    });
    expect(isUpiId(`${'a'.repeat(250)}@paytm`)).toBe(true);
    expect(isUpiId(`${'a'.repeat(251)}@paytm`)).toBe(false);
    expect(isUpiId('ravi\u200b@ybl')).toBe(false);
  });

  it('an app outside the list: Please fill all fields correctly.', () => {
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'CRED', upiId: 'ravi@axl' }, rich).errors).toEqual({
      upiApp: 'Please fill all fields correctly.',
    });
  });

  it('the amount is reported first', () => {
    expect(validateWithdraw({ method: 'UPI', amount: 100, upiApp: '', upiId: '' }, { balancePaise: 5_000 }).error).toBe(
      'Insufficient balance.',
    );
  });
});

describe('bank transfer withdrawal', () => {
  const bank = {
    method: 'BANK_TRANSFER',
    amount: 1_000,
    accountNumber: '123456789',
    ifsc: 'sbin0001234',
    accountHolderName: 'Ravi',
  };

  it('submits the upper-cased IFSC and trimmed details', () => {
    expect(
      validateWithdraw({ ...bank, accountNumber: ' 001234567890 ', accountHolderName: ' Ravi K. Kumar ' }, rich),
    ).toEqual({
      ok: true,
      value: {
        method: 'BANK_TRANSFER',
        amountPaise: 100_000,
        accountNumber: '001234567890',
        ifsc: 'SBIN0001234',
        accountHolderName: 'Ravi K. Kumar',
      },
      errors: {},
      error: null,
    });
  });

  it('the account number typed twice must match when the second is given', () => {
    expect(validateWithdraw({ ...bank, confirmAccountNumber: '123456789' }, rich).ok).toBe(true);
    expect(validateWithdraw({ ...bank, confirmAccountNumber: ' 123456789 ' }, rich).ok).toBe(true);
    expect(validateWithdraw({ ...bank, confirmAccountNumber: '123456780' }, rich).errors).toEqual({
      confirmAccountNumber: 'Account numbers do not match.',
    });
    expect(validateWithdraw({ ...bank, confirmAccountNumber: 123456789 }, rich).errors).toEqual({
      confirmAccountNumber: 'Account numbers do not match.',
    });
  });

  it('each bank detail names itself when it is wrong', () => {
    expect(WITHDRAW_MESSAGES.accountNumber).toBe('Account number must be 9 to 18 digits.');
    expect(WITHDRAW_MESSAGES.ifsc).toBe(
      'IFSC must be 11 characters: 4 letters, 0, then 6 letters or digits (like SBIN0001234).',
    );
    expect(WITHDRAW_MESSAGES.accountHolderName).toBe(
      'Account holder name must be 3 to 100 letters, spaces or dots, as on the bank account.',
    );
  });

  it('an account number is 9 to 18 digits', () => {
    expect(isAccountNumber('123456789')).toBe(true);
    expect(isAccountNumber('123456789012345678')).toBe(true);
    for (const accountNumber of [
      '12345',
      '12345678',
      '1234567890123456789',
      '12345678a',
      '1234 56789',
      '１２３４５６７８９',
      '123456789\u0000',
      '-123456789',
    ]) {
      expect(isAccountNumber(accountNumber)).toBe(false);
      expect(validateWithdraw({ ...bank, accountNumber }, rich).errors).toEqual({
        accountNumber: WITHDRAW_MESSAGES.accountNumber,
      });
    }
  });

  it.each(['SBIN000123', 'SBIN00012345', 'SBIN1001234', '1BIN0001234', 'SBIN0-01234'])(
    'IFSC %j: IFSC: its own message',
    (ifsc) => {
      expect(validateWithdraw({ ...bank, ifsc }, rich).errors).toEqual({ ifsc: WITHDRAW_MESSAGES.ifsc });
    },
  );

  it('a holder name is 3 to 100 letters, spaces and dots (after trimming)', () => {
    expect(validateWithdraw({ ...bank, accountHolderName: ' Ra ' }, rich).errors).toEqual({
      accountHolderName: WITHDRAW_MESSAGES.accountHolderName,
    });
    expect(validateWithdraw({ ...bank, accountHolderName: 'Rav' }, rich).ok).toBe(true);
    expect(isHolderName('A'.repeat(100))).toBe(true);
    expect(isHolderName('A'.repeat(101))).toBe(false);
    expect(isHolderName('Dr. A. P. J. Kalam')).toBe(true);
    for (const name of [
      '...',
      '   ',
      'Ravi1',
      'Ravi_K',
      "O'Neil",
      'Ravi\u202eKumar',
      'Ravi\u200bKumar',
      'Ravi\tKumar',
      'रवि कुमार',
      '<script>',
    ]) {
      expect(isHolderName(name)).toBe(false);
    }
  });

  it('IFSC shape: 4 letters, 0, 6 letters or digits', () => {
    expect(isIfsc('HDFC0ABC123')).toBe(true);
    expect(isIfsc('hdfc0abc123')).toBe(false); // normalised (upper-cased) before the check
  });
});

describe('detail fields that are not text', () => {
  it.each([
    [{ method: 'UPI', amount: 500, upiApp: true, upiId: 'ravi' }, 'upiApp'],
    [{ method: 'UPI', amount: 500, upiApp: 'PHONEPE', upiId: 9876543210 }, 'upiId'],
    [{ method: 'UPI', amount: 500, upiApp: 'PHONEPE', upiId: 'ravi', accountNumber: 123456789 }, 'accountNumber'],
    [
      {
        method: 'BANK_TRANSFER',
        amount: 500,
        accountNumber: 123456789012,
        ifsc: 'SBIN0001234',
        accountHolderName: 'Ravi',
      },
      'accountNumber',
    ],
    [
      {
        method: 'BANK_TRANSFER',
        amount: 500,
        accountNumber: '123456789',
        ifsc: ['SBIN0001234'],
        accountHolderName: 'Ravi',
      },
      'ifsc',
    ],
    [
      {
        method: 'BANK_TRANSFER',
        amount: 500,
        accountNumber: '123456789',
        ifsc: 'SBIN0001234',
        accountHolderName: { name: 'Ravi' },
      },
      'accountHolderName',
    ],
    [
      {
        method: 'BANK_TRANSFER',
        amount: 500,
        accountNumber: '123456789',
        ifsc: 'SBIN0001234',
        accountHolderName: 'Ravi',
        upiApp: false,
      },
      'upiApp',
    ],
  ])('%j: Please fill all fields correctly. on %s', (input, field) => {
    const result = validateWithdraw(input, rich);
    expect(result.ok).toBe(false);
    expect(result.error).toBe('Please fill all fields correctly.');
    expect(result.errors).toMatchObject({ [field]: 'Please fill all fields correctly.' });
  });

  it('a method that is not text', () => {
    expect(
      validateWithdraw({ method: ['UPI'], amount: 500, upiApp: 'PHONEPE', upiId: 'ravi' }, rich).errors,
    ).toMatchObject({ method: 'Please fill all fields correctly.' });
  });
});

describe('withdrawal method and presets', () => {
  it('a missing or unknown method: Please fill all fields correctly.', () => {
    expect(validateWithdraw({ amount: 500 }, rich).errors).toEqual({ method: 'Please fill all fields correctly.' });
    expect(validateWithdraw({ method: 'CARD', amount: 500 }, rich).error).toBe('Please fill all fields correctly.');
  });

  it('presets above the balance are disabled', () => {
    expect(isWithdrawPresetEnabled(1000, 100_000)).toBe(true);
    expect(isWithdrawPresetEnabled(2000, 100_000)).toBe(false);
  });
});
