import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { refusal } from '../testing/refusal.js';
import { CommonPasswords } from './common-passwords.js';
import { PasswordResetService } from './password-reset.service.js';
import { Passwords } from './passwords.js';
import { authWorld } from './testing/auth-world.js';

const START = new Date('2026-11-23T06:00:00Z').getTime();
const NOT_VERIFIED =
  'Please verify the code sent to your email first. A verified code can be used once, within 10 minutes, in the browser that verified it.';
const NEW_PASSWORD = 'MonsoonChai2026';
const client = { ip: '198.51.100.4', userAgent: 'Chrome' };
const meera = { id: 'u-meera', username: 'Meera', email: 'meera.iyer@gmail.com', role: 'user' as const };

let commonPasswords: CommonPasswords;
beforeAll(async () => {
  Logger.overrideLogger(false);
  commonPasswords = new CommonPasswords();
  await commonPasswords.onModuleInit();
});
beforeEach(() => {
  jest.useFakeTimers({ now: START, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
});
afterEach(() => jest.useRealTimers());

/** Forgot-password against in-memory accounts, codes, tickets and sessions: what is e-mailed, changed and ended. */
async function setup() {
  const { config, db, accounts, sessions, tickets, limits, mail, revoked, disconnected, otp, sessionService } =
    authWorld();
  accounts.add({ ...meera, password_hash: 'old-hash' });
  sessions.addUser(meera);
  const passwords = new Passwords();
  const service = new PasswordResetService(
    db,
    accounts.asUserRepository(),
    otp,
    tickets,
    passwords,
    commonPasswords,
    limits.asRateLimiter(),
    sessions,
    sessionService,
    config,
  );
  /** Request and verify as the player does, reading the code from the e-mail; returns the reset ticket. */
  const verified = async (email = meera.email) => {
    await service.request(email, client);
    return service.verify(email, mail.jobs.at(-1)!.data.code, client);
  };
  return {
    service,
    accounts,
    sessions,
    tickets,
    limits,
    mail,
    revoked,
    disconnected,
    passwords,
    sessionService,
    verified,
  };
}

describe('PasswordResetService', () => {
  it("e-mails the code to the account's own address whichever alias was typed, and nothing for an unknown address", async () => {
    const { service, mail } = await setup();
    await service.request('Meera.Iyer+phone@gmail.com', client);
    expect(mail.jobs.map((j) => [j.data.to, j.data.purpose])).toEqual([['meera.iyer@gmail.com', 'reset']]);
    await service.request('nobody.here@gmail.com', client);
    expect(mail.jobs).toHaveLength(1);
  });

  it("does not reset a super-admin's password by e-mail: answered as an unknown address, nothing sent, nothing changed", async () => {
    const { service, accounts, mail } = await setup();
    accounts.add({
      id: 'u-admin',
      username: 'Admin',
      email: 'admin@gmail.com',
      role: 'super-admin',
      password_hash: 'admin-hash',
    });
    await expect(service.request('admin@gmail.com', client)).resolves.toBeUndefined();
    expect(mail.jobs).toEqual([]);
    expect(await refusal(service.verify('admin@gmail.com', '123456', client))).toMatchObject({ status: 400 });
    expect(await refusal(service.reset('admin@gmail.com', NEW_PASSWORD, NEW_PASSWORD, 'x'.repeat(43), client))).toEqual(
      { status: 400, message: NOT_VERIFIED },
    );
    expect(accounts.get('u-admin')!.password_hash).toBe('admin-hash');
  });

  it('resets once with the verified ticket: the new password works, every session of the account ends', async () => {
    const { service, accounts, sessionService, passwords, revoked, disconnected, verified } = await setup();
    const phone = await sessionService.start(meera, client);
    const laptop = await sessionService.start(meera, client);
    const ticket = await verified();
    await service.reset(meera.email, NEW_PASSWORD, NEW_PASSWORD, ticket, client);
    expect(await passwords.verify(accounts.get('u-meera')!.password_hash, NEW_PASSWORD)).toBe(true);
    expect(revoked.sort()).toEqual([phone.sessionId, laptop.sessionId].sort());
    expect(disconnected).toEqual(['u-meera']);
    expect(await refusal(sessionService.rotate(phone.refreshToken))).toMatchObject({ status: 401 });
    expect(await refusal(service.reset(meera.email, 'AnotherChai2027', 'AnotherChai2027', ticket, client))).toEqual({
      status: 400,
      message: NOT_VERIFIED,
    });
    expect(await passwords.verify(accounts.get('u-meera')!.password_hash, NEW_PASSWORD)).toBe(true);
  });

  it('refuses a ticket presented for another address, an expired one, and a made-up one, changing nothing', async () => {
    const { service, accounts, verified } = await setup();
    accounts.add({ id: 'u-ravi', username: 'Ravi', email: 'ravi@gmail.com', role: 'user', password_hash: 'ravi-hash' });
    const ticket = await verified();
    expect(await refusal(service.reset('ravi@gmail.com', NEW_PASSWORD, NEW_PASSWORD, ticket, client))).toEqual({
      status: 400,
      message: NOT_VERIFIED,
    });
    expect(await refusal(service.reset(meera.email, NEW_PASSWORD, NEW_PASSWORD, 'x'.repeat(43), client))).toEqual({
      status: 400,
      message: NOT_VERIFIED,
    });
    jest.setSystemTime(START + 10 * 60_000);
    expect(await refusal(service.reset(meera.email, NEW_PASSWORD, NEW_PASSWORD, ticket, client))).toEqual({
      status: 400,
      message: NOT_VERIFIED,
    });
    expect(accounts.get('u-meera')!.password_hash).toBe('old-hash');
    expect(accounts.get('u-ravi')!.password_hash).toBe('ravi-hash');
  });

  it("checks the password's rules before the ticket, counting nothing, and a wrong code issues no ticket", async () => {
    const { service, limits, tickets, verified } = await setup();
    const ticket = await verified();
    limits.hits.length = 0;
    expect(await refusal(service.reset(meera.email, NEW_PASSWORD, 'MonsoonChai2025', ticket, client))).toEqual({
      status: 400,
      message: 'Passwords do not match.',
      errors: { confirmPassword: 'Passwords do not match.' },
    });
    expect((await refusal(service.reset(meera.email, 'abc', 'abc', ticket, client))).errors).toHaveProperty('password');
    expect(limits.hits).toEqual([]);
    await service.request(meera.email, client);
    expect(await refusal(service.verify(meera.email, '000000', client))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Incorrect code\.|^This code has expired/),
    });
    expect(tickets.all.filter((t) => t.consumedAt === null)).toHaveLength(1); // only the first, still open
  });

  it('answers 429 after ten refused resets of an address, and a refusal of another address does not count for it', async () => {
    const { service } = await setup();
    for (let i = 0; i < 10; i++)
      expect((await refusal(service.reset(meera.email, NEW_PASSWORD, NEW_PASSWORD, undefined, client))).status).toBe(
        400,
      );
    expect((await refusal(service.reset('ravi@gmail.com', NEW_PASSWORD, NEW_PASSWORD, undefined, client))).status).toBe(
      400,
    );
    expect(
      await refusal(service.reset('meera.iyer+x@gmail.com', NEW_PASSWORD, NEW_PASSWORD, undefined, client)),
    ).toEqual({
      status: 429,
      message: 'Too many password reset attempts. Please try again in 15 minutes.',
    });
  });
});
