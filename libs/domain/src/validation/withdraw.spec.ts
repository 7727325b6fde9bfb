import { isIfsc, isWithdrawPresetEnabled, resolveUpiId, validateWithdraw, validateWithdrawAmount } from './withdraw.js';

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
    expect(validateWithdrawAmount(5_000.01, { ...rich, withdrawnTodayPaise: 2_000_000 })).toBe('Maximum withdrawal per day is ₹25,000.');
  });

  it('an amount that is not a rupee number: Please fill all fields correctly.', () => {
    expect(validateWithdrawAmount('abc', rich)).toBe('Please fill all fields correctly.');
    expect(validateWithdrawAmount(500.001, rich)).toBe('Please fill all fields correctly.');
  });
});

describe('UPI withdrawal', () => {
  it('appends the chosen app’s handle to an ID without @', () => {
    expect(resolveUpiId('ravi', 'GOOGLE_PAY')).toBe('ravi@okaxis');
    expect(resolveUpiId('ravi', 'PHONEPE')).toBe('ravi@ybl');
    expect(resolveUpiId('ravi', 'PAYTM')).toBe('ravi@paytm');
    expect(resolveUpiId(' ravi ', 'BHIM')).toBe('ravi@upi');
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
  });

  it('no app or no ID: UPI App and UPI ID are required for UPI withdrawal.', () => {
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiId: 'ravi' }, rich).error).toBe('UPI App and UPI ID are required for UPI withdrawal.');
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'PAYTM', upiId: '  ' }, rich).errors).toEqual({
      upiId: 'UPI App and UPI ID are required for UPI withdrawal.',
    });
  });

  it('a final ID not shaped name@handle: Please fill all fields correctly.', () => {
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'QR', upiId: 'ravi' }, rich).errors).toEqual({
      upiId: 'Please fill all fields correctly.',
    });
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'PAYTM', upiId: 'ra vi' }, rich).error).toBe('Please fill all fields correctly.');
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'PAYTM', upiId: 'ravi@' }, rich).error).toBe('Please fill all fields correctly.');
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'PAYTM', upiId: 'a@b@c' }, rich).error).toBe('Please fill all fields correctly.');
  });

  it('an app outside the list: Please fill all fields correctly.', () => {
    expect(validateWithdraw({ method: 'UPI', amount: 500, upiApp: 'CRED', upiId: 'ravi@axl' }, rich).errors).toEqual({
      upiApp: 'Please fill all fields correctly.',
    });
  });

  it('the amount is reported first', () => {
    expect(validateWithdraw({ method: 'UPI', amount: 100, upiApp: '', upiId: '' }, { balancePaise: 5_000 }).error).toBe('Insufficient balance.');
  });
});

describe('bank transfer withdrawal', () => {
  const bank = { method: 'BANK_TRANSFER', amount: 1_000, accountNumber: '123456', ifsc: 'sbin0001234', accountHolderName: 'Ravi' };

  it('submits the upper-cased IFSC and trimmed details', () => {
    expect(validateWithdraw({ ...bank, accountNumber: ' 123456 ', accountHolderName: ' Ravi Kumar ' }, rich)).toEqual({
      ok: true,
      value: { method: 'BANK_TRANSFER', amountPaise: 100_000, accountNumber: '123456', ifsc: 'SBIN0001234', accountHolderName: 'Ravi Kumar' },
      errors: {},
      error: null,
    });
  });

  it('an account number of 5 characters: Please fill all fields correctly.', () => {
    expect(validateWithdraw({ ...bank, accountNumber: '12345' }, rich).errors).toEqual({ accountNumber: 'Please fill all fields correctly.' });
  });

  it.each(['SBIN000123', 'SBIN00012345', 'SBIN1001234', '1BIN0001234', 'SBIN0-01234'])('IFSC %j: Please fill all fields correctly.', (ifsc) => {
    expect(validateWithdraw({ ...bank, ifsc }, rich).errors).toEqual({ ifsc: 'Please fill all fields correctly.' });
  });

  it('a holder name of 2 characters (after trimming): Please fill all fields correctly.', () => {
    expect(validateWithdraw({ ...bank, accountHolderName: ' Ra ' }, rich).errors).toEqual({
      accountHolderName: 'Please fill all fields correctly.',
    });
    expect(validateWithdraw({ ...bank, accountHolderName: 'Rav' }, rich).ok).toBe(true);
  });

  it('IFSC shape: 4 letters, 0, 6 letters or digits', () => {
    expect(isIfsc('HDFC0ABC123')).toBe(true);
    expect(isIfsc('hdfc0abc123')).toBe(false); // normalised (upper-cased) before the check
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
