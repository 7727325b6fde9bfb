import { HttpException, Logger } from '@nestjs/common';
import { refusal } from '../testing/refusal.js';
import { AuthService } from './auth.service.js';
import { CommonPasswords } from './common-passwords.js';
import type { RegisterDto } from './dto/register.dto.js';
import { Passwords } from './passwords.js';
import { authWorld } from './testing/auth-world.js';

const client = { ip: '203.0.113.7', userAgent: 'Chrome' };
const INVALID = { status: 401, message: 'Invalid email or password.' };

let commonPasswords: CommonPasswords;
let kiranHash: string;
beforeAll(async () => {
  Logger.overrideLogger(false);
  commonPasswords = new CommonPasswords();
  await commonPasswords.onModuleInit();
  kiranHash = await new Passwords().hash('Kiran2026pw');
});

/** Registration and login against in-memory accounts, codes and sessions: answers, accounts made, mails sent. */
function setup() {
  const {
    config,
    db,
    accounts,
    sessions,
    limits,
    backoff,
    stepUp,
    mail,
    otp,
    tokens,
    sessionService,
    secondFactor,
    playBreaks,
    withdrawTokens,
    breaksByUser,
  } = authWorld();
  accounts.add({
    id: 'u-kiran',
    username: 'Kiran',
    email: 'kiran.rao@gmail.com',
    role: 'user',
    password_hash: kiranHash,
    referral_code: 'KIRAN001',
  });
  accounts.add({
    id: 'u-admin',
    username: 'Admin',
    email: 'admin@gmail.com',
    role: 'super-admin',
    referral_code: 'ADMIN001',
  });
  sessions.addUser({ id: 'u-kiran', username: 'Kiran', email: 'kiran.rao@gmail.com', role: 'user' });
  const service = new AuthService(
    db,
    accounts.asUserRepository(),
    otp,
    new Passwords(),
    sessionService,
    limits.asRateLimiter(),
    backoff.asLoginBackoff(),
    commonPasswords,
    config,
    stepUp.asLoginStepUp(),
    secondFactor,
    playBreaks,
    withdrawTokens,
  );
  return { service, accounts, mail, limits, backoff, tokens, breaksByUser, withdrawTokens };
}

const form = (email: string, extra: Partial<RegisterDto> = {}): RegisterDto =>
  ({
    username: `Asha ${email
      .split('@')[0]!
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(-6)}`,
    email,
    password: 'Asha2026pw',
    confirmPassword: 'Asha2026pw',
    referralCode: '',
    terms: true,
    ...extra,
  }) as RegisterDto;

describe('AuthService: registration by e-mailed code', () => {
  it("creates the player with the code e-mailed at step 1, referred by the code's owner; the address (or an alias) cannot register again", async () => {
    const { service, accounts, mail } = setup();
    expect(
      await service.requestRegistrationCode(form('asha.k@gmail.com', { referralCode: 'kiran001' }), client),
    ).toEqual({ otpSent: true, email: 'asha.k@gmail.com' });
    expect(mail.jobs.map((j) => [j.data.to, j.data.purpose])).toEqual([['asha.k@gmail.com', 'register']]);
    const user = await service.register(
      form('asha.k@gmail.com', { referralCode: 'kiran001', otp: mail.jobs[0]!.data.code }),
      client,
    );
    expect(user).toMatchObject({ email: 'asha.k@gmail.com', role: 'user' });
    expect(accounts.byEmail('asha.k@gmail.com')).toMatchObject({ id: user._id, referred_by: 'u-kiran' });
    expect(await new Passwords().verify(accounts.byEmail('asha.k@gmail.com')!.password_hash, 'Asha2026pw')).toBe(true);
    expect(await refusal(service.requestRegistrationCode(form('ashak+2@gmail.com'), client))).toEqual({
      status: 409,
      message: 'This email is already registered. Please log in instead.',
    });
    expect(mail.jobs).toHaveLength(1);
  });

  it("refuses an unknown referral code, an administrator's, and one of the registrant's own identity, e-mailing nothing", async () => {
    const { service, accounts, mail } = setup();
    const refusedFor = async (email: string, referralCode: string) =>
      (await refusal(service.requestRegistrationCode(form(email, { referralCode }), client))).errors?.referralCode;
    expect(await refusedFor('new.one@gmail.com', 'NOPE0000')).toBe('Invalid referral code.');
    expect(await refusedFor('new.one@gmail.com', 'ADMIN001')).toBe(
      'This referral code belongs to an administrator and cannot be used.',
    );
    accounts.add({ id: 'u-old', username: 'Old', email: 'newone@gmail.com', role: 'user', referral_code: 'OLDSELF1' });
    expect(await refusedFor('new.one+2@gmail.com', 'OLDSELF1')).toBe('You cannot use your own referral code.');
    expect(mail.jobs).toEqual([]);
  });

  it('answers 409 under the username field for a name taken in any case, and creates nothing for a wrong code', async () => {
    const { service, accounts, mail } = setup();
    expect(
      await refusal(service.requestRegistrationCode(form('meena@gmail.com', { username: 'KIRAN' }), client)),
    ).toMatchObject({ status: 409, errors: { username: expect.any(String) } });
    await service.requestRegistrationCode(form('meena@gmail.com'), client);
    const code = mail.jobs[0]!.data.code;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await refusal(service.register(form('meena@gmail.com', { otp: wrong }), client))).toEqual({
      status: 400,
      message: 'Incorrect code. 4 attempts left.',
    });
    expect(accounts.size).toBe(2);
  });
});

describe('AuthService: login', () => {
  it('signs in with any alias of the address, records the login and opens a session for the account', async () => {
    const { service, accounts, tokens } = setup();
    const session = await service.login('Kiran.Rao+work@gmail.com', 'Kiran2026pw', client);
    expect(session.user).toMatchObject({ _id: 'u-kiran', email: 'kiran.rao@gmail.com' });
    expect(tokens.verify(session.accessToken)).toMatchObject({ sub: 'u-kiran', sid: session.sessionId });
    expect(accounts.get('u-kiran')!.last_login_at).toBeInstanceOf(Date);
  });

  it('gives an unknown address and a wrong password the same answer, and counts both against the pair', async () => {
    const { service, backoff } = setup();
    expect(await refusal(service.login('kiran.rao@gmail.com', 'Wrong2026pw', client))).toEqual(INVALID);
    expect(await refusal(service.login('nobody.here@gmail.com', 'Kiran2026pw', client))).toEqual(INVALID);
    expect(backoff.failuresOf('kiranrao@gmail.com', client.ip)).toBe(1);
    expect(backoff.failuresOf('nobodyhere@gmail.com', client.ip)).toBe(1);
  });

  it('refuses a suspended account with 403 only after the right password', async () => {
    const { service, accounts } = setup();
    accounts.add({ ...accounts.get('u-kiran')!, status: 'banned' });
    expect(await refusal(service.login('kiran.rao@gmail.com', 'Wrong2026pw', client))).toEqual(INVALID);
    expect(await refusal(service.login('kiran.rao@gmail.com', 'Kiran2026pw', client))).toEqual({
      status: 403,
      message: 'This account has been suspended. Please contact support.',
    });
  });

  it('refuses a player on a break with 403, the end date, the support address and a withdraw-only token; only after the right password', async () => {
    const { service, breaksByUser, withdrawTokens } = setup();
    const endsAtMs = Date.parse('2026-12-06T08:35:00Z');
    breaksByUser.set('u-kiran', {
      kind: 'break',
      option: '7d',
      startedAtMs: endsAtMs - 7 * 86_400_000,
      endsAtMs: Math.max(endsAtMs, Date.now() + 86_400_000),
      returnRequestedAtMs: null,
      returnsAtMs: null,
    });
    expect(await refusal(service.login('kiran.rao@gmail.com', 'Wrong2026pw', client))).toEqual(INVALID);
    const error = (await service
      .login('kiran.rao@gmail.com', 'Kiran2026pw', client)
      .catch((e: HttpException) => e)) as HttpException;
    expect(error.getStatus()).toBe(403);
    const body = error.getResponse() as {
      message: string;
      playBreak: { kind: string; phase: string; withdrawToken: string };
    };
    expect(body.message).toMatch(
      /^You are taking a break until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST\. For help, write to support@winround\.app\.$/,
    );
    expect(body.playBreak).toMatchObject({ kind: 'break', phase: 'break' });
    expect(withdrawTokens.verify(body.playBreak.withdrawToken)).toBe('u-kiran');
    // The token is no access token: it names no session.
    expect(() => setup().tokens.verify(body.playBreak.withdrawToken)).toThrow();
  });

  it('holds up the guessing address once it has to wait, even with the right password, but not the owner elsewhere', async () => {
    const { service, backoff } = setup();
    backoff.policy.freeFailures = 3;
    for (let i = 0; i < 3; i++)
      expect(await refusal(service.login('kiran.rao@gmail.com', `Guess${i}2026pw`, client))).toEqual(INVALID);
    expect(await refusal(service.login('kiran.rao@gmail.com', 'Kiran2026pw', client))).toEqual({
      status: 429,
      message: 'Too many login attempts. Please try again in 1 minute.',
    });
    await expect(
      service.login('kiran.rao@gmail.com', 'Kiran2026pw', { ...client, ip: '198.51.100.20' }),
    ).resolves.toMatchObject({ user: { _id: 'u-kiran' } });
  });
});
