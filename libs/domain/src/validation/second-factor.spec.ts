import { loadCommonPasswords } from './password.js';
import {
  ADMIN_PASSWORD_MESSAGES,
  formatRecoveryCode,
  isRecoveryCode,
  isTotpCode,
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_LENGTH,
  SECOND_FACTOR_MESSAGES,
  secondFactorCodeError,
  signInCodeError,
  validateAdminPasswordChange,
} from './second-factor.js';

describe('second factors: codes and their shapes', () => {
  it('an authenticator code is 6 digits (spaces ignored)', () => {
    for (const code of ['123456', '123 456', ' 000000 '])
      expect({ code, ok: isTotpCode(code) }).toEqual({ code, ok: true });
    for (const code of ['12345', '1234567', '12345a', '', null, undefined])
      expect({ code, ok: isTotpCode(code) }).toEqual({ code, ok: false });
  });

  it('a recovery code is 10 unambiguous characters, case, spaces and dashes ignored', () => {
    expect(RECOVERY_CODE_ALPHABET).not.toMatch(/[0o1li]/);
    expect(RECOVERY_CODE_LENGTH).toBe(10);
    expect(normalizeRecoveryCode(' ABCDE-fghjk ')).toBe('abcdefghjk');
    expect(formatRecoveryCode('abcdefghjk')).toBe('abcde-fghjk');
    for (const code of ['abcde-fghjk', 'ABCDEFGHJK', 'abcde fghjk', '23456-789ab'])
      expect({ code, ok: isRecoveryCode(code) }).toEqual({ code, ok: true });
    for (const code of ['abcde-fghj', 'abcde-fghjkm', 'abcde-fghj0', 'abcde-fghjl', ''])
      expect({ code, ok: isRecoveryCode(code) }).toEqual({ code, ok: false });
  });

  it('the authenticator field takes either, the e-mailed code 6 digits, each with a clear message', () => {
    expect(secondFactorCodeError('123456')).toBeNull();
    expect(secondFactorCodeError('abcde-fghjk')).toBeNull();
    expect(secondFactorCodeError('12ab')).toBe(SECOND_FACTOR_MESSAGES.totpInvalid);
    expect(signInCodeError(' 123456 ')).toBeNull();
    expect(signInCodeError('12345')).toBe('Please enter the 6-digit code from the e-mail.');
  });

  it('the sign-in challenge says the same whatever the password was, and what to do without an e-mail', () => {
    expect(SECOND_FACTOR_MESSAGES.codeRequired).toBe(
      "For your security this sign-in needs a code as well. If the password is right, we have e-mailed a 6-digit code to the account's address (valid for 10 minutes): enter it with your password.",
    );
    expect(SECOND_FACTOR_MESSAGES.signInRefused).toBe(
      'The password or a code is not right. Please check them and try again.',
    );
    expect(SECOND_FACTOR_MESSAGES.newCodeHint).toContain('after 2 minutes');
  });
});

describe("the administrator's password change", () => {
  let common: ReadonlySet<string>;
  beforeAll(async () => {
    common = await loadCommonPasswords();
  });
  const change = {
    currentPassword: 'old-admin-password',
    newPassword: 'Zq9-new-admin-pass',
    confirmPassword: 'Zq9-new-admin-pass',
  };

  it('accepts a good change and hands back the values to submit', () => {
    expect(validateAdminPasswordChange(change, { commonPasswords: common })).toMatchObject({
      ok: true,
      value: { currentPassword: 'old-admin-password', newPassword: 'Zq9-new-admin-pass' },
    });
    expect(validateAdminPasswordChange({ ...change, code: ' 123456 ' }, { requireCode: true }).value).toMatchObject({
      code: '123456',
    });
  });

  it('refuses each mistake under its field, in order', () => {
    expect(validateAdminPasswordChange({ ...change, currentPassword: '' }).errors).toEqual({
      currentPassword: ADMIN_PASSWORD_MESSAGES.currentRequired,
    });
    expect(
      validateAdminPasswordChange({ ...change, newPassword: 'short-pass', confirmPassword: 'short-pass' }).errors,
    ).toEqual({
      newPassword: "An administrator's password must be at least 12 characters.",
    });
    expect(
      validateAdminPasswordChange({ ...change, newPassword: 'a'.repeat(12), confirmPassword: 'a'.repeat(12) }).errors
        .newPassword,
    ).toBe('Password must not be one character repeated (like "aaaaaa").');
    expect(
      validateAdminPasswordChange({
        ...change,
        newPassword: change.currentPassword,
        confirmPassword: change.currentPassword,
      }).errors,
    ).toEqual({
      newPassword: 'The new password must be different from the current one.',
    });
    expect(validateAdminPasswordChange({ ...change, confirmPassword: 'something-else' }).errors).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
    expect(validateAdminPasswordChange(change, { requireCode: true }).errors).toEqual({
      code: SECOND_FACTOR_MESSAGES.totpInvalid,
    });
    expect(
      validateAdminPasswordChange(
        { ...change, newPassword: 'boss.admin2025', confirmPassword: 'boss.admin2025' },
        { email: 'boss.admin@winround.app' },
      ).errors,
    ).toEqual({
      newPassword: 'Password must not be made from your email address.',
    });
  });
});
