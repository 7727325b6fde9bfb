import {
  FORGOT_PASSWORD_STEPS,
  validateForgotPassword,
  validateForgotPasswordEmail,
  validateForgotPasswordOtp,
  validateNewPassword,
  validateResetPassword,
} from './forgot-password.js';

describe('forgot password', () => {
  it('has four steps: email, otp, reset, done', () => {
    expect(FORGOT_PASSWORD_STEPS).toEqual(['email', 'otp', 'reset', 'done']);
  });

  it('a non-Gmail or empty address: Only Gmail addresses are accepted.', () => {
    expect(validateForgotPasswordEmail('ravi@yahoo.com')).toBe('Only Gmail addresses are accepted.');
    expect(validateForgotPasswordEmail('')).toBe('Only Gmail addresses are accepted.');
    expect(validateForgotPasswordEmail('ravi@gmail.com')).toBeNull();
    expect(validateForgotPasswordEmail('ravi@corp.in', { allowedEmailDomains: ['corp.in'] })).toBeNull();
  });

  it('anything but 6 digits: Please enter the 6-digit OTP sent to your Gmail.', () => {
    for (const otp of ['', '12345', '1234567', 'abcdef', '12 345']) {
      expect(validateForgotPasswordOtp(otp)).toBe('Please enter the 6-digit OTP sent to your Gmail.');
    }
    expect(validateForgotPasswordOtp('000000')).toBeNull();
    expect(validateForgotPasswordOtp(' 123456 ')).toBeNull();
  });

  it('a new password of 5: Password must be at least 6 characters.', () => {
    expect(validateNewPassword('12345')).toBe('Password must be at least 6 characters.');
    expect(validateNewPassword(undefined)).toBe('Password must be at least 6 characters.');
  });

  it('6 and 16 characters are accepted (16 itself is allowed: the check rejects only above 16)', () => {
    expect(validateNewPassword('123456')).toBeNull();
    expect(validateNewPassword('ab'.repeat(7) + 'c')).toBeNull();
    expect(validateNewPassword('ab'.repeat(8))).toBeNull();
  });

  it('a 30-character passphrase is taken; 129 characters: Password must be at most 128 characters.', () => {
    expect(validateNewPassword('correct horse battery staple 9')).toBeNull();
    expect(validateNewPassword('a'.repeat(129))).toBe('Password must be at most 128 characters.');
  });

  it('a different confirmation: Passwords do not match.', () => {
    expect(validateResetPassword({ password: 'secret1', confirmPassword: 'secret2' })).toEqual({
      ok: false,
      value: null,
      errors: { confirmPassword: 'Passwords do not match.' },
      error: 'Passwords do not match.',
    });
    expect(validateResetPassword({ password: 'secret1', confirmPassword: 'secret1' })).toEqual({
      ok: true,
      value: { password: 'secret1' },
      errors: {},
      error: null,
    });
  });

  it('the password rule is reported before the confirmation', () => {
    expect(validateResetPassword({ password: '123', confirmPassword: '1234' }).error).toBe(
      'Password must be at least 6 characters.',
    );
  });

  it('the final reset call: normalised e-mail, code when required, password rules', () => {
    expect(validateForgotPassword({ email: ' Ravi@gmail.com ', password: 'secret16charsxx!' })).toEqual({
      ok: true,
      value: { email: 'ravi@gmail.com', password: 'secret16charsxx!' },
      errors: {},
      error: null,
    });
    expect(validateForgotPassword({ email: 'ravi@gmail.com', password: 'secret1' }, { requireOtp: true }).error).toBe(
      'Please enter the 6-digit OTP sent to your Gmail.',
    );
    expect(
      validateForgotPassword({ email: 'ravi@gmail.com', otp: '123456', password: 'secret1', confirmPassword: 'x' })
        .errors,
    ).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
    expect(validateForgotPassword({ email: 'ravi@live.com', password: '1' }).errors).toEqual({
      email: 'Only Gmail addresses are accepted.',
      password: 'Password must be at least 6 characters.',
    });
  });
});
