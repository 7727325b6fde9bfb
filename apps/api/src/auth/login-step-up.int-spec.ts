import { jest } from '@jest/globals';
import { SECOND_FACTOR_MESSAGES } from '@app/domain';
import { createUser } from '@app/testing';
import { codeIn, from, refreshCookie, startIdentityStack, type IdentityStack } from './testing/identity-kit.js';

jest.setTimeout(60_000);

const LOGIN = '/api/v1/auth/login';
const CODE_NEEDED = {
  status: 401,
  message: SECOND_FACTOR_MESSAGES.codeRequired,
  errors: { code: SECOND_FACTOR_MESSAGES.codeField },
};

/**
 * The product issue, reproduced: a spray of wrong passwords for one account from many IPv6 /64s of one /48 got no
 * 429, and the right password then signed in. Now the /48 is one guesser once several of its /64s fail, and after
 * ten failures anywhere the account needs a code e-mailed to its owner as well as the password.
 */
describe('login: failures bounded per account and per /48, with an e-mailed code', () => {
  let stack: IdentityStack;
  beforeAll(async () => {
    stack = await startIdentityStack({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => stack.close());

  const attempt = (email: string, password: string, ip: string, factors: Record<string, string> = {}) =>
    stack.api.request('POST', LOGIN, { body: { email, password, ...factors }, headers: from(ip) });
  const answer = (res: { status: number; body: { message?: string; errors?: unknown } }) => ({
    status: res.status,
    message: res.body.message,
    errors: res.body.errors,
  });

  it('200 wrong passwords from 20 /64s of one /48: the /48 is held up (429), and the right password alone then signs in nowhere', async () => {
    const user = await createUser(stack.api, { password: 'secret123' });
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++)
      statuses.push(
        (await attempt(user.email, `wrong-${i}`, `2001:db8:4800:${(i % 20).toString(16)}::${(i + 1).toString(16)}`))
          .status,
      );
    // Ten wrong answers (four /64s failing make the /48 one client, whose tenth failure makes it wait), then 429s.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(190).fill(429));
    // A fresh /64 of the same /48 waits too, even with the right password.
    expect((await attempt(user.email, 'secret123', '2001:db8:4800:ff::1')).status).toBe(429);

    // From anywhere else the right password alone gets no session: the owner is asked for the e-mailed code.
    const since = Date.now();
    const alone = await attempt(user.email, 'secret123', '203.0.113.50');
    expect(answer(alone)).toEqual(CODE_NEEDED);
    expect(refreshCookie(alone)).toBeUndefined();
    const mail = await stack.mail.waitFor(user.email, { since });
    expect(mail.subject).toMatch(/^\d{6} is your WinRound sign-in code$/);
    const code = codeIn(mail);
    // The code with a wrong password gets nothing (and does not use the code up).
    const codeAlone = await attempt(user.email, 'wrong-again', '203.0.113.51', { code });
    expect({ status: codeAlone.status, cookie: refreshCookie(codeAlone) }).toEqual({ status: 401, cookie: undefined });
    expect(codeAlone.body.errors).toEqual({ code: SECOND_FACTOR_MESSAGES.codeField });
    // The owner, with the password and the code, is in.
    const owner = await attempt(user.email, 'secret123', '203.0.113.50', { code });
    expect(owner.status).toBe(200);
    expect(refreshCookie(owner)).toBeDefined();
  });

  it('the right password alone after ten failures elsewhere gets no session, and the answer is the one a wrong password gets', async () => {
    const user = await createUser(stack.api, { password: 'secret123' });
    for (let i = 0; i < 10; i++)
      expect((await attempt(user.email, 'wrong-pass', `198.51.100.${i + 1}`)).status).toBe(401);
    const since = Date.now();
    const right = await attempt(user.email, 'secret123', '203.0.113.60');
    const wrong = await attempt(user.email, 'wrong-pass', '203.0.113.61');
    expect(answer(right)).toEqual(CODE_NEEDED);
    expect(answer(wrong)).toEqual(answer(right));
    expect([refreshCookie(right), refreshCookie(wrong)]).toEqual([undefined, undefined]);
    // Only the right password made a code go out, to the account's own address.
    const code = codeIn(await stack.mail.waitFor(user.email, { since }));
    await new Promise((r) => setTimeout(r, 300));
    expect(stack.mail.messages.filter((m) => m.to.includes(user.email) && m.receivedAt >= since)).toHaveLength(1);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await attempt(user.email, 'secret123', '203.0.113.60', { code: wrongCode });
    expect(answer(refused)).toEqual({
      status: 401,
      message: `${SECOND_FACTOR_MESSAGES.signInRefused} ${SECOND_FACTOR_MESSAGES.newCodeHint}`,
      errors: { code: SECOND_FACTOR_MESSAGES.codeField },
    });
    expect((await attempt(user.email, 'secret123', '203.0.113.60', { code })).status).toBe(200);
    // Used once: the same code does not sign in again.
    expect((await attempt(user.email, 'secret123', '203.0.113.60', { code })).status).toBe(401);
  });
});
