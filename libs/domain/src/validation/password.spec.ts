import { validateNewPassword, validateResetPassword } from './forgot-password.js';
import { isMadeFromEmail, loadCommonPasswords, newPasswordPolicyError, PASSWORD_MESSAGES } from './password.js';
import { validateRegister } from './register.js';

const COMMON = 'This password is too common. Please choose a less common password.';
const FROM_EMAIL = 'Password must not be made from your email address.';

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
    for (const known of ['123456', 'password', 'qwerty123', 'password1', 'iloveyou', '1qaz2wsx']) expect(common.has(known)).toBe(true);
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
    for (const password of ['ravi.kumar', 'RaviKumar', 'ravikumar123', 'ravi_kumar@2024', 'ravi.kumar+win@gmail.com', 'RAVI.KUMAR+WIN@GMAIL.COM']) {
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
    expect(validateRegister({ ...form, password: 'qwerty123', confirmPassword: 'qwerty123' }, { commonPasswords: common }).errors).toEqual({ password: COMMON });
    expect(validateRegister({ ...form, password: 'RaviKumar1', confirmPassword: 'RaviKumar1' }).errors).toEqual({ password: FROM_EMAIL });
    expect(validateRegister({ ...form, password: 'qwe', confirmPassword: 'qwe' }, { commonPasswords: common }).error).toBe('Password must be at least 6 characters');
    expect(validateRegister({ ...form, password: 'Zq9-unique-pass', confirmPassword: 'Zq9-unique-pass' }, { commonPasswords: common }).ok).toBe(true);
  });

  it('a reset checks them after 6–16 characters, with the address of step 1', () => {
    expect(validateNewPassword('iloveyou', { commonPasswords: common })).toBe(COMMON);
    expect(validateNewPassword('ravi.kumar2', { email: 'ravi.kumar@gmail.com' })).toBe(FROM_EMAIL);
    expect(validateNewPassword('x'.repeat(17), { commonPasswords: common })).toBe('Password must be less than 16 characters.');
    expect(validateResetPassword({ password: 'iloveyou', confirmPassword: 'iloveyou' }, { commonPasswords: common }).errors).toEqual({ password: COMMON });
    expect(validateResetPassword({ password: 'Zq9-unique-pass', confirmPassword: 'Zq9-unique-pass' }, { email: 'ravi@gmail.com', commonPasswords: common }).ok).toBe(true);
  });
});
