import { validateNewPassword, validateResetPassword } from './forgot-password.js';
import {
  ADMIN_PASSWORD_MIN_LENGTH,
  isBlankPassword,
  isMadeFromEmail,
  isOneCharacterRepeated,
  loadCommonPasswords,
  newPasswordPolicyError,
  PASSWORD_MESSAGES,
  validateAdminPassword,
} from './password.js';
import { validateRegister } from './register.js';

const COMMON = 'This password is too common. Please choose a less common password.';
const FROM_EMAIL = 'Password must not be made from your email address.';
const BLANK = 'Password must not be only spaces.';
const ONE_CHARACTER = 'Password must not be one character repeated (like "aaaaaa").';

describe('new passwords: not common, not made from the e-mail', () => {
  let common: ReadonlySet<string>;
  beforeAll(async () => {
    common = await loadCommonPasswords();
  });

  it('loads a few thousand lower-case common passwords of 6 characters or more, once', async () => {
    expect(common.size).toBe(5000);
    expect(await loadCommonPasswords()).toBe(common);
    for (const entry of common) {
      expect(entry).toBe(entry.toLowerCase());
      expect(entry.length).toBeGreaterThanOrEqual(6);
    }
    for (const known of ['123456', 'password', 'qwerty123', 'password1', 'iloveyou', '1qaz2wsx'])
      expect(common.has(known)).toBe(true);
  });

  it('refuses a common password whatever its case, with a clear message', () => {
    expect(PASSWORD_MESSAGES.tooCommon).toBe(COMMON);
    expect(newPasswordPolicyError('password1', { commonPasswords: common })).toBe(COMMON);
    expect(newPasswordPolicyError('PassWord1', { commonPasswords: common })).toBe(COMMON);
    expect(newPasswordPolicyError('Zq9-unique-pass', { commonPasswords: common })).toBeNull();
    // Without the list (a form before it has loaded) only the e-mail rule applies.
    expect(newPasswordPolicyError('password1')).toBeNull();
  });

  it('refuses the e-mail’s local part (case, dots, separators, a +tag and trailing digits ignored) and the address', () => {
    const email = 'Ravi.Kumar+win@gmail.com';
    for (const password of [
      'ravi.kumar',
      'RaviKumar',
      'ravikumar123',
      'ravi_kumar@2024',
      'ravi.kumar+win@gmail.com',
      'RAVI.KUMAR+WIN@GMAIL.COM',
    ]) {
      expect({ password, made: isMadeFromEmail(password, email) }).toEqual({ password, made: true });
      expect(newPasswordPolicyError(password, { email })).toBe(FROM_EMAIL);
    }
    for (const password of ['kumar.ravi', 'ravikumarx', 'raviKumar!x', 'secret123']) {
      expect({ password, made: isMadeFromEmail(password, email) }).toEqual({ password, made: false });
    }
    expect(isMadeFromEmail('anything', undefined)).toBe(false);
    expect(isMadeFromEmail('anything', 'not-an-address')).toBe(false);
  });

  it('registration checks them after the length, with the e-mail of the form', () => {
    const form = { username: 'ravi', email: 'ravi.kumar@gmail.com', terms: true };
    expect(
      validateRegister({ ...form, password: 'qwerty123', confirmPassword: 'qwerty123' }, { commonPasswords: common })
        .errors,
    ).toEqual({ password: COMMON });
    expect(validateRegister({ ...form, password: 'RaviKumar1', confirmPassword: 'RaviKumar1' }).errors).toEqual({
      password: FROM_EMAIL,
    });
    expect(
      validateRegister({ ...form, password: 'qwe', confirmPassword: 'qwe' }, { commonPasswords: common }).error,
    ).toBe('Password must be at least 6 characters');
    expect(
      validateRegister(
        { ...form, password: 'Zq9-unique-pass', confirmPassword: 'Zq9-unique-pass' },
        { commonPasswords: common },
      ).ok,
    ).toBe(true);
  });

  it('a reset checks them after 6–16 characters, with the address of step 1', () => {
    expect(validateNewPassword('iloveyou', { commonPasswords: common })).toBe(COMMON);
    expect(validateNewPassword('ravi.kumar2', { email: 'ravi.kumar@gmail.com' })).toBe(FROM_EMAIL);
    expect(validateNewPassword('x'.repeat(129), { commonPasswords: common })).toBe(
      'Password must be at most 128 characters.',
    );
    expect(
      validateResetPassword({ password: 'iloveyou', confirmPassword: 'iloveyou' }, { commonPasswords: common }).errors,
    ).toEqual({ password: COMMON });
    expect(
      validateResetPassword(
        { password: 'Zq9-unique-pass', confirmPassword: 'Zq9-unique-pass' },
        { email: 'ravi@gmail.com', commonPasswords: common },
      ).ok,
    ).toBe(true);
  });
});

describe('new passwords: not only spaces, not one character repeated', () => {
  it('refuses white space only, whatever its kind, with a clear message', () => {
    expect(PASSWORD_MESSAGES.blank).toBe(BLANK);
    for (const password of ['      ', '\t\t\t\t\t\t', ' \n \t \u00a0 ', ' '.repeat(16)]) {
      expect({ password, blank: isBlankPassword(password) }).toEqual({ password, blank: true });
      expect(newPasswordPolicyError(password)).toBe(BLANK);
    }
    expect(isBlankPassword(' a    ')).toBe(false);
  });

  it("refuses one character repeated ('aaaaaa'), ignoring case, with a clear message", () => {
    expect(PASSWORD_MESSAGES.oneCharacter).toBe(ONE_CHARACTER);
    for (const password of ['aaaaaa', 'AaAaAa', '1111111', '!!!!!!!!', 'ßßßßßß', '😀😀😀😀😀😀']) {
      expect({ password, repeated: isOneCharacterRepeated(password) }).toEqual({ password, repeated: true });
      expect(newPasswordPolicyError(password)).toBe(ONE_CHARACTER);
    }
    for (const password of ['aaaaab', 'abababab', 'Zq9-unique-pass'])
      expect({ password, repeated: isOneCharacterRepeated(password) }).toEqual({ password, repeated: false });
  });

  it('registration and reset refuse both (the web form and the server share these rules)', () => {
    const form = { username: 'ravi', email: 'ravi.kumar@gmail.com', terms: true };
    expect(validateRegister({ ...form, password: 'aaaaaa', confirmPassword: 'aaaaaa' }).errors).toEqual({
      password: ONE_CHARACTER,
    });
    expect(validateRegister({ ...form, password: '      ', confirmPassword: '      ' }).errors).toEqual({
      password: BLANK,
    });
    expect(validateNewPassword('bbbbbbbb')).toBe(ONE_CHARACTER);
    expect(validateNewPassword('        ')).toBe(BLANK);
    expect(validateResetPassword({ password: '000000', confirmPassword: '000000' }).errors).toEqual({
      password: ONE_CHARACTER,
    });
  });
});

describe("an administrator's password", () => {
  let common: ReadonlySet<string>;
  beforeAll(async () => {
    common = await loadCommonPasswords();
  });

  it('is at least 12 characters, then every rule of a player’s new password', () => {
    expect(ADMIN_PASSWORD_MIN_LENGTH).toBe(12);
    expect(validateAdminPassword('Zq9-unique')).toBe("An administrator's password must be at least 12 characters.");
    expect(validateAdminPassword(undefined)).toBe("An administrator's password must be at least 12 characters.");
    expect(validateAdminPassword('x'.repeat(129))).toBe('Password must be at most 128 characters.');
    expect(validateAdminPassword(' '.repeat(12))).toBe(BLANK);
    expect(validateAdminPassword('a'.repeat(12))).toBe(ONE_CHARACTER);
    const commonLong = [...common].find((p) => p.length >= 12)!;
    expect(validateAdminPassword(commonLong, { commonPasswords: common })).toBe(COMMON);
    expect(validateAdminPassword('operator.boss2024', { email: 'operator.boss@winround.app' })).toBe(FROM_EMAIL);
    expect(
      validateAdminPassword('Zq9-unique-pass', { email: 'operator.boss@winround.app', commonPasswords: common }),
    ).toBeNull();
  });
});
