import { Logger } from '@nestjs/common';
import { generate } from 'otplib';
import { SECOND_FACTOR_MESSAGES } from '@app/domain';
import { refusal } from '../testing/refusal.js';
import { AuthService, type LoginFactors } from './auth.service.js';
import { CommonPasswords } from './common-passwords.js';
import { OTP_TTL_MINUTES } from './otp-policy.js';
import { Passwords } from './passwords.js';
import { authWorld } from './testing/auth-world.js';

const EMAIL = 'kiran.rao@gmail.com';
const RIGHT = 'Kiran2026pw';
const WRONG = 'Wrong2026pw';
const owner = { ip: '203.0.113.7', userAgent: 'Chrome' };
/** The 20 /64s of one /48 (and other networks) a guesser sprays from. */
const sprayer = (i: number) => ({ ip: `2001:db8:77:${(i % 20).toString(16)}::${i.toString(16)}`, userAgent: 'curl' });

const CODE_NEEDED = {
  status: 401,
  message: SECOND_FACTOR_MESSAGES.codeRequired,
  errors: { code: SECOND_FACTOR_MESSAGES.codeField },
};
const CODE_REFUSED = {
  status: 401,
  message: `${SECOND_FACTOR_MESSAGES.signInRefused} ${SECOND_FACTOR_MESSAGES.newCodeHint}`,
  errors: { code: SECOND_FACTOR_MESSAGES.codeField },
};
const TOTP_NEEDED = {
  status: 401,
  message: SECOND_FACTOR_MESSAGES.totpRequired,
  errors: { totp: SECOND_FACTOR_MESSAGES.totpField },
};
const TOTP_REFUSED = {
  status: 401,
  message: SECOND_FACTOR_MESSAGES.signInRefused,
  errors: { totp: SECOND_FACTOR_MESSAGES.totpField },
};

let commonPasswords: CommonPasswords;
let kiranHash: string;
beforeAll(async () => {
  Logger.overrideLogger(false);
  commonPasswords = new CommonPasswords();
  await commonPasswords.onModuleInit();
  kiranHash = await new Passwords().hash(RIGHT);
});

function setup() {
  // The configured super-admin's domain is a login domain.
  const world = authWorld({ ADMIN_EMAIL: 'boss@winround.app', ADMIN_PASSWORD: 'boss-password-1' });
  const {
    config,
    db,
    accounts,
    sessions,
    limits,
    backoff,
    stepUp,
    otp,
    sessionService,
    secondFactor,
    factors,
    playBreaks,
    withdrawTokens,
  } = world;
  accounts.add({ id: 'u-kiran', username: 'Kiran', email: EMAIL, role: 'user', password_hash: kiranHash });
  accounts.add({
    id: 'u-boss',
    username: 'Boss',
    email: 'boss@winround.app',
    role: 'super-admin',
    password_hash: kiranHash,
  });
  factors.addUser('u-boss', 'boss@winround.app');
  sessions.addUser({ id: 'u-kiran', username: 'Kiran', email: EMAIL, role: 'user' });
  sessions.addUser({ id: 'u-boss', username: 'Boss', email: 'boss@winround.app', role: 'super-admin' });
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
  const login = (password: string, client = owner, factors: LoginFactors = {}, email = EMAIL) =>
    service.login(email, password, client, factors);
  /** The sign-in codes e-mailed so far (they are queued after the answer). */
  const mailed = async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return world.mail.jobs.filter((j) => j.data.purpose === 'login').map((j) => ({ to: j.data.to, code: j.data.code }));
  };
  return { ...world, service, login, mailed };
}

/** Ten wrong passwords for the account, each from another /64 of one /48 (no network waits: LoginBackoff's fake counts per address). */
async function spray(login: ReturnType<typeof setup>['login'], times = 10) {
  for (let i = 0; i < times; i++) await refusal(login(WRONG, sprayer(i)));
}

describe('login: failures bounded per account across every network', () => {
  it('after ten failures anywhere, the right password alone does not sign in: it needs the code e-mailed to the owner', async () => {
    const { login, mailed, stepUp } = setup();
    for (let i = 0; i < 9; i++)
      expect(await refusal(login(WRONG, sprayer(i)))).toEqual({ status: 401, message: 'Invalid email or password.' });
    expect(await refusal(login(WRONG, sprayer(9)))).toEqual({ status: 401, message: 'Invalid email or password.' });
    expect(stepUp.failuresOf('kiranrao@gmail.com')).toBe(10);

    expect(await refusal(login(RIGHT))).toEqual(CODE_NEEDED);
    const [sent] = await mailed();
    expect(sent).toEqual({ to: EMAIL, code: expect.stringMatching(/^\d{6}$/) });
    const session = await login(RIGHT, owner, { code: sent!.code });
    expect(session.user).toMatchObject({ _id: 'u-kiran' });
    // The code works once.
    expect(await refusal(login(RIGHT, owner, { code: sent!.code }))).toEqual(CODE_REFUSED);
  });

  it('answers a guesser the same whether the password was right or wrong, e-mails only for the right one, at most every 2 minutes', async () => {
    const { login, mailed } = setup();
    await spray(login);
    expect(await refusal(login(WRONG, sprayer(11)))).toEqual(CODE_NEEDED);
    expect(await mailed()).toEqual([]);
    expect(await refusal(login(RIGHT, sprayer(12)))).toEqual(CODE_NEEDED);
    expect(await mailed()).toHaveLength(1);
    expect(await refusal(login(RIGHT, owner))).toEqual(CODE_NEEDED);
    expect(await mailed()).toHaveLength(1);
  });

  it('never signs in with the code alone, and a guesser’s wrong passwords do not use up the owner’s code', async () => {
    const { login, mailed } = setup();
    await spray(login);
    await refusal(login(RIGHT));
    const { code } = (await mailed())[0]!;
    for (let i = 0; i < 8; i++) expect(await refusal(login(WRONG, sprayer(i), { code }))).toEqual(CODE_REFUSED);
    expect(await refusal(login('', sprayer(1), { code }))).toMatchObject({ status: 400 });
    await expect(login(RIGHT, owner, { code })).resolves.toMatchObject({ user: { _id: 'u-kiran' } });
  });

  it('a wrong code with the right password is refused like a wrong password, and counts against the code', async () => {
    const { login, mailed, codes } = setup();
    await spray(login);
    await refusal(login(RIGHT));
    const { code } = (await mailed())[0]!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(await refusal(login(RIGHT, owner, { code: wrong }))).toEqual(CODE_REFUSED);
    expect(codes.all.at(-1)).toMatchObject({ purpose: 'login', attempts: 1 });
    expect(OTP_TTL_MINUTES).toBe(10);
  });

  it('an unknown address behaves exactly like a known one (and nothing is e-mailed)', async () => {
    const { login, mailed } = setup();
    const nobody = 'nobody.here@gmail.com';
    for (let i = 0; i < 10; i++) await refusal(login(RIGHT, sprayer(i), {}, nobody));
    expect(await refusal(login(RIGHT, owner, {}, nobody))).toEqual(CODE_NEEDED);
    expect(await refusal(login(RIGHT, owner, { code: '123456' }, nobody))).toEqual(CODE_REFUSED);
    expect(await mailed()).toEqual([]);
  });
});

describe('login: an enrolled authenticator', () => {
  async function enrolled() {
    const world = setup();
    const { secret } = await world.secondFactor.startEnrolment('u-boss');
    const recoveryCodes = await world.secondFactor.confirmEnrolment(
      'u-boss',
      await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 30 }),
    );
    return {
      ...world,
      secret,
      recoveryCodes,
      admin: (password: string, factors: LoginFactors = {}, client = owner) =>
        world.login(password, client, factors, 'boss@winround.app'),
    };
  }

  it('asks for the authenticator code whatever the password, refuses a wrong one alike, and signs in with the right one once', async () => {
    const { admin, secret } = await enrolled();
    expect(await refusal(admin(RIGHT))).toEqual(TOTP_NEEDED);
    expect(await refusal(admin(WRONG))).toEqual(TOTP_NEEDED);
    const code = await generate({ secret });
    expect(await refusal(admin(WRONG, { totp: code }))).toEqual(TOTP_REFUSED);
    expect(await refusal(admin(RIGHT, { totp: '000000' === code ? '111111' : '000000' }))).toEqual(TOTP_REFUSED);
    await expect(admin(RIGHT, { totp: code })).resolves.toMatchObject({ user: { role: 'super-admin' } });
    // A code is accepted once.
    expect(await refusal(admin(RIGHT, { totp: code }))).toEqual(TOTP_REFUSED);
  });

  it('takes a recovery code instead, once', async () => {
    const { admin, recoveryCodes } = await enrolled();
    expect(recoveryCodes).toHaveLength(10);
    await expect(admin(RIGHT, { totp: recoveryCodes[0]!.toUpperCase() })).resolves.toMatchObject({
      user: { role: 'super-admin' },
    });
    expect(await refusal(admin(RIGHT, { totp: recoveryCodes[0] }))).toEqual(TOTP_REFUSED);
  });

  it('in step-up it needs the e-mailed code too, checked before the authenticator', async () => {
    const { admin, login, mailed, secret } = await enrolled();
    for (let i = 0; i < 10; i++) await refusal(login(WRONG, sprayer(i), { totp: '123456' }, 'boss@winround.app'));
    const both = {
      status: 401,
      message: SECOND_FACTOR_MESSAGES.codeRequired,
      errors: { code: SECOND_FACTOR_MESSAGES.codeField, totp: SECOND_FACTOR_MESSAGES.totpField },
    };
    expect(await refusal(admin(RIGHT, { totp: await generate({ secret }) }))).toEqual(both);
    const { code } = (await mailed())[0]!;
    await expect(admin(RIGHT, { code, totp: await generate({ secret }) })).resolves.toMatchObject({
      user: { role: 'super-admin' },
    });
  });
});
