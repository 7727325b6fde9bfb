import { validateRegister } from './register.js';

const valid = {
  username: 'ravi',
  email: 'ravi@gmail.com',
  password: 'secret1',
  confirmPassword: 'secret1',
  terms: true,
};

describe('registration, step 1', () => {
  it('any of username, e-mail, password, confirmation missing: All fields are required', () => {
    for (const field of ['username', 'email', 'password', 'confirmPassword'] as const) {
      const result = validateRegister({ ...valid, [field]: '' });
      expect(result.error).toBe('All fields are required');
      expect(result.errors[field]).toBe('All fields are required');
    }
    expect(validateRegister({ ...valid, username: '   ' }).error).toBe('All fields are required');
    expect(validateRegister({}).errors).toEqual({
      username: 'All fields are required',
      email: 'All fields are required',
      password: 'All fields are required',
      confirmPassword: 'All fields are required',
      terms: 'You must agree to the terms and conditions',
    });
  });

  it('a short password: Password must be at least 6 characters', () => {
    expect(validateRegister({ ...valid, password: '12345', confirmPassword: '12345' }).error).toBe(
      'Password must be at least 6 characters',
    );
  });

  it("different passwords: Passwords don't match!", () => {
    const result = validateRegister({ ...valid, confirmPassword: 'secret2' });
    expect(result.error).toBe("Passwords don't match!");
    expect(result.errors).toEqual({ confirmPassword: "Passwords don't match!" });
  });

  it('terms not accepted: You must agree to the terms and conditions', () => {
    expect(validateRegister({ ...valid, terms: false }).error).toBe('You must agree to the terms and conditions');
    expect(validateRegister({ ...valid, terms: null }).error).toBe('You must agree to the terms and conditions');
  });

  it('a non-Gmail address is refused with the Gmail message', () => {
    expect(validateRegister({ ...valid, email: 'ravi@outlook.com' }).error).toBe('Please enter a valid Gmail address');
    expect(validateRegister({ ...valid, email: 'ravi@corp.in' }, { allowedEmailDomains: ['corp.in'] }).ok).toBe(true);
  });

  it('checks in the spec’s order: required first, then password length, then match, then terms', () => {
    expect(validateRegister({ ...valid, username: '', password: '1', confirmPassword: '2', terms: false }).error).toBe(
      'All fields are required',
    );
    expect(validateRegister({ ...valid, password: '1', confirmPassword: '2', terms: false }).error).toBe(
      'Password must be at least 6 characters',
    );
    expect(validateRegister({ ...valid, confirmPassword: '2', terms: false }).error).toBe("Passwords don't match!");
  });

  it('returns trimmed values, a lower-case e-mail and the optional referral code only when given', () => {
    expect(
      validateRegister({ ...valid, username: ' ravi ', email: ' RAVI@gmail.com', referralCode: '  ' }).value,
    ).toEqual({
      username: 'ravi',
      email: 'ravi@gmail.com',
      password: 'secret1',
    });
    expect(validateRegister({ ...valid, referralCode: ' AB12CD ' }).value).toEqual({
      username: 'ravi',
      email: 'ravi@gmail.com',
      password: 'secret1',
      referralCode: 'AB12CD',
    });
  });

  it('an empty code is step 1 (the call that e-mails the code)', () => {
    expect(validateRegister({ ...valid, otp: '' }).ok).toBe(true);
  });
});

describe('registration, step 2 (the code)', () => {
  it('exactly 6 digits is accepted and returned', () => {
    expect(validateRegister({ ...valid, otp: '042917' }, { requireOtp: true }).value).toMatchObject({ otp: '042917' });
  });

  it.each(['', '12345', '1234567', '12a456', '١٢٣٤٥٦'])('%j is refused', (otp) => {
    const result = validateRegister({ ...valid, otp }, { requireOtp: true });
    expect(result.errors.otp).toBe('Please enter the 6-digit code sent to your Gmail.');
  });

  it('a non-empty bad code is refused even without requireOtp', () => {
    expect(validateRegister({ ...valid, otp: '123' }).error).toBe('Please enter the 6-digit code sent to your Gmail.');
  });
});
