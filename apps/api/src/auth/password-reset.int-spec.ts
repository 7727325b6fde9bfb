import { jest } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { emailIdentityKey } from '@app/domain';
import { AccessTokenService } from './access-token.service.js';
import { Passwords } from './passwords.js';
import { RateLimiter, type RateLimitName } from './rate-limiter.js';
import {
  freshEmail,
  from,
  login,
  nextCode,
  registerPlayer,
  startIdentityStack,
  ticketCookie,
  ticketCookieLine,
  type IdentityStack,
} from './testing/identity-kit.js';

jest.setTimeout(60_000);

const BASE = '/api/v1/auth/forgot-password';
const SENT = 'If an account exists for this email, we have sent a 6-digit code to it. It is valid for 10 minutes.';
const NOT_VERIFIED =
  'Please verify the code sent to your email first. A verified code can be used once, within 10 minutes, in the browser that verified it.';
const TOO_MANY_RESETS = /^Too many password reset attempts\. Please try again in (15|14) minutes\.$/;

describe('forgot password: request, verify, reset', () => {
  let stack: IdentityStack;
  let limiter: RateLimiter;
  let ipCounter = 0;
  /** A client address of its own for each caller, so that one test's attempts do not use up another's limits. */
  const newIp = () => `203.0.113.${(ipCounter = (ipCounter % 250) + 1)}`;

  beforeAll(async () => {
    stack = await startIdentityStack({
      env: { TRUST_PROXY: 'true', ALLOWED_EMAIL_DOMAINS: 'gmail.com,googlemail.com' },
    });
    limiter = stack.api.app.get(RateLimiter);
  });
  afterAll(() => stack.close());

  const post = (path: string, body: unknown, options: { ip?: string; cookie?: string } = {}) =>
    stack.api.request('POST', `${BASE}${path}`, {
      body,
      cookie: options.cookie,
      headers: from(options.ip ?? '127.0.0.1'),
    });

  async function requestCode(email: string, ip = newIp(), path = '/request', deliveredTo = email): Promise<string> {
    const since = Date.now();
    const res = await post(path, { email }, { ip });
    expect(res.status).toBe(200);
    return nextCode(stack.mail, deliveredTo, since);
  }

  /** Requests and verifies a code; returns the ticket cookie verify set. */
  async function verifiedTicket(email: string, ip = newIp()): Promise<string> {
    const otp = await requestCode(email, ip);
    const verify = await post('/verify', { email, otp }, { ip });
    expect(verify.status).toBe(200);
    return ticketCookie(verify)!;
  }

  async function withPolicy<T>(name: RateLimitName, limit: number, run: () => Promise<T>): Promise<T> {
    const saved = { ...limiter.policies[name] };
    limiter.policies[name].limit = limit;
    try {
      return await run();
    } finally {
      limiter.policies[name] = saved;
    }
  }

  it('verify sets a ticket cookie for the reset call only; reset with it changes the password once and ends every session', async () => {
    const player = await registerPlayer(stack);
    const before = await login(stack.api, player.email, player.password);
    const ip = newIp();
    const otp = await requestCode(player.email, ip);
    const mail = stack.mail.messages.filter((m) => m.to.includes(player.email)).at(-1)!;
    expect(mail.subject).toMatch(/password reset code/);

    const verify = await post('/verify', { email: player.email, otp }, { ip });
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ success: true, message: 'Code verified. You can now set a new password.', data: {} });
    const line = ticketCookieLine(verify)!;
    expect(line).toMatch(/^resetTicket=[\w-]{43};/);
    expect(line).toContain('Path=/api/v1/auth/forgot-password/reset');
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Strict');
    expect(line).toContain('Max-Age=600');
    // Stored as SHA-256 only.
    const ticket = line.split(';')[0]!.split('=')[1]!;
    const stored = await stack.api.db
      .selectFrom('password_reset_tickets')
      .select('ticket_hash')
      .where('email_key', '=', emailIdentityKey(player.email))
      .execute();
    expect(stored.map((r) => r.ticket_hash)).toEqual([createHash('sha256').update(ticket).digest('hex')]);
    // The code itself is used up by verifying.
    expect((await post('/verify', { email: player.email, otp }, { ip })).body.message).toBe(
      'This code has expired or is no longer valid. Please request a new one.',
    );

    const reset = await post(
      '/reset',
      { email: player.email, password: 'brand-new-16-chr' },
      { ip, cookie: ticketCookie(verify) },
    );
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({
      success: true,
      message: 'Your password has been reset. Please log in with your new password.',
    });
    expect(ticketCookieLine(reset)).toMatch(/^resetTicket=;.*Expires=Thu, 01 Jan 1970/);

    // Old sessions are over: refresh and access tokens both refused.
    expect((await stack.api.request('POST', '/api/v1/refresh-token', { cookie: before.cookie, body: {} })).status).toBe(
      401,
    );
    expect((await stack.api.request('GET', '/api/v1/user/profile', { token: before.accessToken })).status).toBe(401);
    const sid = stack.api.app.get(AccessTokenService).verify(before.accessToken).sid;
    expect(
      (
        await stack.api.db
          .selectFrom('sessions')
          .select('revoked_reason')
          .where('id', '=', sid)
          .executeTakeFirstOrThrow()
      ).revoked_reason,
    ).toBe('password-reset');

    expect(
      (
        await stack.api.request('POST', '/api/v1/auth/login', {
          body: { email: player.email, password: player.password },
        })
      ).status,
    ).toBe(401);
    await login(stack.api, player.email, 'brand-new-16-chr');

    // The ticket was used up: presenting it again is refused.
    const twice = await post(
      '/reset',
      { email: player.email, password: 'another-pass' },
      { ip, cookie: ticketCookie(verify) },
    );
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(NOT_VERIFIED);
  });

  it('an attacker polling reset for the victim’s address (no ticket, guessed, forged, their own, replayed) never succeeds while the victim resets', async () => {
    const victim = await registerPlayer(stack);
    const attacker = await registerPlayer(stack, freshEmail('attacker'));
    const attackersOwnTicket = await verifiedTicket(attacker.email);
    const [local] = victim.email.split('@');
    const victimAliases = [
      victim.email,
      victim.email.toUpperCase(),
      `${local}+x@gmail.com`,
      `${local!.replace('.', '')}@googlemail.com`,
    ];

    // Every attempt must reach the ticket check: the attacker rotates client addresses, and the per-address limit on
    // refused resets (which would only turn the 400s into 429s) is lifted for this test.
    await withPolicy('resetEmail', 1_000_000, async () => {
      const statuses: number[] = [];
      const replay: { ticket?: string } = {};
      let phase = 'before' as 'before' | 'verified' | 'reset';
      let sinceVerified = 0;
      let afterReset = 0;
      const poll = (async () => {
        for (let i = 0; afterReset < 20; i++) {
          const variant = i % 6;
          const cookie = [
            undefined,
            `resetTicket=${randomBytes(32).toString('base64url')}`,
            'resetTicket=../../etc%00',
            attackersOwnTicket,
            replay.ticket ?? `resetTicket=${randomBytes(32).toString('base64url')}`,
            `resetTicket=${'A'.repeat(43)}`,
          ][variant];
          const res = await post(
            '/reset',
            { email: victimAliases[i % victimAliases.length], password: 'attacker-pw-42' },
            { ip: `198.51.100.${(i % 250) + 1}`, cookie },
          );
          statuses.push(res.status);
          if (phase === 'verified') sinceVerified++;
          if (phase === 'reset') afterReset++;
        }
      })();

      const victimIp = newIp();
      const otp = await requestCode(victim.email, victimIp);
      const verify = await post('/verify', { email: victim.email, otp }, { ip: victimIp });
      expect(verify.status).toBe(200);
      phase = 'verified';
      // The victim takes a moment to type the new password; the attacker keeps polling meanwhile.
      while (sinceVerified < 30) await new Promise((r) => setTimeout(r, 10));
      const reset = await post(
        '/reset',
        { email: victim.email, password: 'victims-new-pw1' },
        { ip: victimIp, cookie: ticketCookie(verify) },
      );
      expect(reset.status).toBe(200);
      replay.ticket = ticketCookie(verify); // now the attacker replays the victim's own (used) ticket too
      phase = 'reset';
      await poll;

      expect(statuses.length).toBeGreaterThanOrEqual(50);
      expect(statuses.filter((s) => s !== 400)).toEqual([]);
    });
    await login(stack.api, victim.email, 'victims-new-pw1');
    const attackerLogin = await stack.api.request('POST', '/api/v1/auth/login', {
      body: { email: victim.email, password: 'attacker-pw-42' },
    });
    expect(attackerLogin.status).toBe(401);
    // The attacker's own ticket was never used up by all that: it still resets the attacker's own password.
    expect(
      (
        await post(
          '/reset',
          { email: attacker.email, password: 'attackers-own-1' },
          { cookie: attackersOwnTicket, ip: newIp() },
        )
      ).status,
    ).toBe(200);
  });

  it('refuses a ticket for another address, an expired one and a replaced one the same way, and resets once when one is presented twice at once', async () => {
    const a = await registerPlayer(stack);
    const b = await registerPlayer(stack);
    const refusedWith = async (email: string, cookie: string | undefined) => {
      const res = await post('/reset', { email, password: 'new-pass-77' }, { cookie, ip: newIp() });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: NOT_VERIFIED });
      return res;
    };

    const ticketOfA = await verifiedTicket(a.email);
    const otherAddress = await refusedWith(b.email, ticketOfA);
    expect(ticketCookieLine(otherAddress)).toMatch(/^resetTicket=;/); // an invalid ticket is cleared
    await refusedWith(a.email, undefined);

    await stack.api.db
      .updateTable('password_reset_tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('consumed_at', 'is', null)
      .execute();
    await refusedWith(a.email, ticketOfA);

    const replaced = await verifiedTicket(a.email);
    const newest = await verifiedTicket(a.email);
    await refusedWith(a.email, replaced);

    const both = await Promise.all([
      post('/reset', { email: a.email, password: 'racing-pass-1' }, { cookie: newest, ip: newIp() }),
      post('/reset', { email: a.email, password: 'racing-pass-2' }, { cookie: newest, ip: newIp() }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const winner = both[0]!.status === 200 ? 'racing-pass-1' : 'racing-pass-2';
    await login(stack.api, a.email, winner);
    await login(stack.api, b.email, b.password);
  });

  it("writes the code's e-mail in the account's language", async () => {
    const player = await registerPlayer(stack);
    await stack.api.db.updateTable('users').set({ language: 'hi-IN' }).where('email', '=', player.email).execute();
    await requestCode(player.email, newIp());
    const mail = stack.mail.messages.filter((m) => m.to.includes(player.email)).at(-1)!;
    expect(mail.subject).toMatch(/^\d{6} आपका WinRound पासवर्ड रीसेट कोड है$/);
    expect(mail.text).toContain('यह कोड कभी किसी को न बताएं');
  });

  it('finds the account from any alias of its address and sends the code to the account’s own address', async () => {
    const player = await registerPlayer(stack, `ravi.${randomBytes(3).toString('hex')}@gmail.com`);
    const [local] = player.email.split('@');
    const ip = newIp();
    const otp = await requestCode(`${local!.toUpperCase()}+reset@googlemail.com`, ip, '/request', player.email);
    const verify = await post('/verify', { email: `${local!.replace('.', '')}@gmail.com`, otp }, { ip });
    expect(verify.status).toBe(200);
    expect(
      (await post('/reset', { email: player.email, password: 'alias-reset-1' }, { ip, cookie: ticketCookie(verify) }))
        .status,
    ).toBe(200);
    await login(stack.api, player.email, 'alias-reset-1');
  });

  it('hashes the new password only after every cheap check has passed', async () => {
    const player = await registerPlayer(stack);
    const hash = jest.spyOn(stack.api.app.get(Passwords), 'hash');
    try {
      await post('/reset', { email: player.email, password: 'abc' }, { ip: newIp() });
      await post('/reset', { email: player.email, password: 'no-ticket-pass1' }, { ip: newIp() });
      await post(
        '/reset',
        { email: player.email, password: 'no-ticket-pass1' },
        { ip: newIp(), cookie: `resetTicket=${randomBytes(32).toString('base64url')}` },
      );
      const otp = await requestCode(player.email);
      await post('/reset', { email: player.email, password: 'no-ticket-pass1' }, { ip: newIp() }); // a code sent, not verified
      expect(hash).not.toHaveBeenCalled();
      const ip = newIp();
      const verify = await post('/verify', { email: player.email, otp }, { ip });
      expect(verify.body.message).toBe('Code verified. You can now set a new password.');
      const reset = await post(
        '/reset',
        { email: player.email, password: 'ticket-pass-12' },
        { ip, cookie: ticketCookie(verify) },
      );
      expect(reset.body.message).toBe('Your password has been reset. Please log in with your new password.');
      expect(hash).toHaveBeenCalledTimes(1);
    } finally {
      hash.mockRestore();
    }
  });

  it('limits resets per client address, and refused resets per address without ever stopping a valid ticket', async () => {
    const player = await registerPlayer(stack);
    const ip = newIp();
    await withPolicy('resetIp', 3, async () => {
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await post('/reset', { email: freshEmail(), password: 'some-pass-123' }, { ip })).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
      expect((await post('/reset', { email: freshEmail(), password: 'some-pass-123' }, { ip })).body.message).toMatch(
        TOO_MANY_RESETS,
      );
    });

    const ticket = await verifiedTicket(player.email);
    await withPolicy('resetEmail', 3, async () => {
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          (await post('/reset', { email: player.email, password: 'guess-pass-1' }, { ip: newIp() })).status,
        );
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
      // The owner's ticket still works, from wherever they are.
      expect(
        (await post('/reset', { email: player.email, password: 'owner-pass-123' }, { ip: newIp(), cookie: ticket }))
          .status,
      ).toBe(200);
    });
    await login(stack.api, player.email, 'owner-pass-123');
  });

  it('limits code checks per address (aliases together) as well as per client address', async () => {
    const player = await registerPlayer(stack);
    await requestCode(player.email);
    const [local] = player.email.split('@');
    await limiter.reset('otpCheckEmail', emailIdentityKey(player.email)); // registering checked a code of it too
    await withPolicy('otpCheckEmail', 3, async () => {
      const statuses = [];
      for (const email of [player.email, `${local}+a@gmail.com`, player.email.toUpperCase(), `${local}+b@gmail.com`]) {
        statuses.push((await post('/verify', { email, otp: '000000' }, { ip: newIp() })).status);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    });

    const ip = newIp();
    await withPolicy('otpCheckIp', 2, async () => {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await post('/verify', { email: freshEmail(), otp: '123456' }, { ip })).status);
      expect(statuses).toEqual([400, 400, 429]);
    });
  });

  it('serves the plain path with the same behaviour as /request', async () => {
    const player = await registerPlayer(stack);
    const ip = newIp();
    const otp = await requestCode(player.email, ip, '');
    expect((await post('/verify', { email: player.email, otp }, { ip })).status).toBe(200);
  });

  it('answers the same for an unknown address, sends nothing, and verifying behaves as for a real one', async () => {
    const player = await registerPlayer(stack);
    const unknown = freshEmail('ghost');
    const a = await post('/request', { email: unknown }, { ip: newIp() });
    const b = await post('/request', { email: player.email }, { ip: newIp() });
    expect(a.status).toBe(200);
    expect(a.body).toEqual({ success: true, message: SENT, data: {} });
    expect(b.body).toEqual(a.body);
    await stack.mail.waitFor(player.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(stack.mail.messages.some((m) => m.to.includes(unknown))).toBe(false);
    const wrongUnknown = await post('/verify', { email: unknown, otp: '123456' }, { ip: newIp() });
    const wrongKnown = await post('/verify', { email: player.email, otp: '123456' }, { ip: newIp() });
    expect(wrongUnknown.status).toBe(400);
    expect(wrongUnknown.body.message).toMatch(/^Incorrect code\. 4 attempts left\.$|^Too many/);
    expect(wrongKnown.body.message).toBe(wrongUnknown.body.message);
  });

  it('refuses wrong, expired and over-tried codes', async () => {
    const player = await registerPlayer(stack);
    const ip = newIp();
    const otp = await requestCode(player.email, ip);
    const wrong = otp === '999999' ? '000000' : '999999';
    expect((await post('/verify', { email: player.email, otp: wrong }, { ip })).body.message).toBe(
      'Incorrect code. 4 attempts left.',
    );
    for (let i = 0; i < 4; i++) await post('/verify', { email: player.email, otp: wrong }, { ip });
    const locked = await post('/verify', { email: player.email, otp }, { ip });
    expect(locked.status).toBe(400);
    expect(locked.body.message).toBe('Too many incorrect attempts (5). Please request a new code.');
    expect(ticketCookieLine(locked)).toBeUndefined();

    const fresh = await requestCode(player.email, ip);
    await stack.api.db
      .updateTable('otp_codes')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('email', '=', player.email)
      .execute();
    const expired = await post('/verify', { email: player.email, otp: fresh }, { ip });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This code has expired or is no longer valid. Please request a new one.');
  });

  it('validates each step with the spec’s messages, before the ticket (a refused password keeps the ticket)', async () => {
    const player = await registerPlayer(stack, `sita.rao.${randomBytes(3).toString('hex')}@gmail.com`);
    const ip = newIp();
    const reset = (body: Record<string, unknown>, cookie?: string) =>
      post('/reset', { email: player.email, ...body }, { ip, cookie });
    expect((await post('/request', { email: 'someone@yahoo.com' }, { ip })).body.message).toBe(
      'Only Gmail addresses are accepted.',
    );
    expect((await post('/request', {}, { ip })).body.message).toBe('Only Gmail addresses are accepted.');
    expect((await post('/verify', { email: player.email, otp: '12345' }, { ip })).body.message).toBe(
      'Please enter the 6-digit OTP sent to your Gmail.',
    );
    expect((await reset({ password: '12345' })).body.message).toBe('Password must be at least 6 characters.');
    expect((await reset({ password: 'x'.repeat(129) })).body.message).toBe('Password must be at most 128 characters.');
    expect((await reset({ password: 'abcdef1', confirmPassword: 'abcdef2' })).body.message).toBe(
      'Passwords do not match.',
    );
    expect((await reset({ password: 'abcdef1', role: 'super-admin' })).body.message).toBe('Unknown field: role');
    expect((await reset({ password: 'zzzzzzzz' })).body.message).toBe(
      'Password must not be one character repeated (like "aaaaaa").',
    );
    expect((await reset({ password: '        ' })).body.message).toBe('Password must not be only spaces.');

    const ticket = await verifiedTicket(player.email, ip);
    const common = await reset({ password: 'Password123' }, ticket);
    expect({ status: common.status, message: common.body.message }).toEqual({
      status: 400,
      message: 'This password is too common. Please choose a less common password.',
    });
    expect(ticketCookieLine(common)).toBeUndefined();
    const fromEmail = await reset({ password: `${player.email.split('@')[0]}1` }, ticket);
    expect({ status: fromEmail.status, message: fromEmail.body.message }).toEqual({
      status: 400,
      message: 'Password must not be made from your email address.',
    });
    // 16 characters is accepted by the rule, and the same ticket still works after the refused tries.
    expect((await reset({ password: 'x1y2z3'.repeat(3).slice(0, 16) }, ticket)).status).toBe(200);
  });

  it('limits codes per address — aliases of one address together — and per client address (429)', async () => {
    const player = await registerPlayer(stack); // its registration already used one of the address's 5 codes
    const [local] = player.email.split('@');
    const aliases = [
      player.email,
      `${local}+1@gmail.com`,
      player.email.toUpperCase(),
      `${local}@googlemail.com`,
      `${local}+2@gmail.com`,
    ];
    const statuses: number[] = [];
    for (const email of aliases) statuses.push((await post('/request', { email }, { ip: newIp() })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const limited = await post('/request', { email: player.email }, { ip: newIp() });
    expect(limited.body.message).toMatch(/^Too many codes requested\. Please try again in (60|59) minutes\.$/);

    const ip = newIp();
    await withPolicy('otpSendIp', 2, async () => {
      const perIp = [];
      for (let i = 0; i < 3; i++) perIp.push((await post('/request', { email: freshEmail('ip') }, { ip })).status);
      expect(perIp).toEqual([200, 200, 429]);
      // Registration codes count against the same per-client-address limit.
      const register = await stack.api.request('POST', '/api/v1/auth/register', {
        headers: from(ip),
        body: {
          username: 'Ravi',
          email: freshEmail(),
          password: 'secret123',
          confirmPassword: 'secret123',
          terms: true,
        },
      });
      expect(register.status).toBe(429);
    });
  });
});
