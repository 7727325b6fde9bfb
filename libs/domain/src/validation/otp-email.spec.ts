import { isAllowedEmail, normalizeEmail } from './email.js';
import { isOtp, otpDigits } from './otp.js';
import { parseRupeeInput, requestAmount } from './rupee-input.js';

describe('OTP boxes', () => {
  it('keep only digits, at most 6, from typed or pasted text', () => {
    expect(otpDigits('123456')).toBe('123456');
    expect(otpDigits(' 12 34-56 ')).toBe('123456');
    expect(otpDigits('Your code is 987654.')).toBe('987654');
    expect(otpDigits('12345678')).toBe('123456');
    expect(otpDigits('abc')).toBe('');
    expect(otpDigits(null)).toBe('');
  });

  it('a code is exactly 6 ASCII digits', () => {
    expect(isOtp('000000')).toBe(true);
    expect(isOtp('00000')).toBe(false);
    expect(isOtp('0000000')).toBe(false);
    expect(isOtp(123456)).toBe(false);
  });
});

describe('e-mail addresses', () => {
  it('are trimmed and lower-cased', () => {
    expect(normalizeEmail('  Ravi.K@Gmail.COM ')).toBe('ravi.k@gmail.com');
    expect(normalizeEmail(undefined)).toBe('');
  });

  it('must be on an allowed domain, with a sane local part', () => {
    expect(isAllowedEmail('ravi.k@gmail.com')).toBe(true);
    expect(isAllowedEmail('ravi..k@gmail.com')).toBe(false);
    expect(isAllowedEmail('ravi.@gmail.com')).toBe(false);
    expect(isAllowedEmail('ravi@sub.gmail.com')).toBe(false);
    expect(isAllowedEmail('ravi@gmail.com@gmail.com')).toBe(false);
    expect(isAllowedEmail(`${'a'.repeat(65)}@gmail.com`)).toBe(false);
    expect(isAllowedEmail('ravi@corp.in', [' Corp.IN '])).toBe(true);
    expect(isAllowedEmail('ravi@gmail.com', [])).toBe(false);
  });
});

describe('rupee amounts typed in a form', () => {
  it.each([
    ['100', 100],
    [' 75.60 ', 75.6],
    ['0.5', 0.5],
    ['.5', 0.5],
    ['100.', 100],
    [500, 500],
    ['-5', -5],
  ])('%j → %d', (input, rupees) => {
    expect(parseRupeeInput(input)).toBe(rupees);
  });

  it.each([
    '',
    '  ',
    'abc',
    '1e3',
    '12.345',
    '₹5',
    '1,000',
    '0x10',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    1.005,
    null,
    undefined,
    -0,
    '-0',
    '-0.00',
  ])('%j → null', (input) => {
    expect(parseRupeeInput(input as string)).toBeNull();
  });
});

describe('rupee amounts sent in a request body', () => {
  it('a number passes through; absent stays absent; anything else becomes NaN, which no rule accepts', () => {
    expect(requestAmount(500)).toBe(500);
    expect(requestAmount(undefined)).toBeUndefined();
    expect(requestAmount(null)).toBeUndefined();
    for (const value of ['500', true, false, {}, [], [500]]) {
      expect(requestAmount(value)).toBeNaN();
      expect(parseRupeeInput(requestAmount(value))).toBeNull();
    }
  });
});
