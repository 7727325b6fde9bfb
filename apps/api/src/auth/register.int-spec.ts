import { jest } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { emailIdentityKey } from '@app/domain';
import { AUTH_MESSAGES } from './auth-messages.js';
import { RateLimiter } from './rate-limiter.js';
import {
  freshEmail,
  from,
  nextCode,
  registerPlayer,
  registration,
  startIdentityStack,
  usernameFor,
  type IdentityStack,
} from './testing/identity-kit.js';
import { createUser } from '@app/testing';

const REGISTER = '/api/v1/auth/register';
jest.setTimeout(30_000);

describe('POST /auth/register (two steps, code by e-mail)', () => {
  let stack: IdentityStack;
  beforeAll(async () => {
    stack = await startIdentityStack({
      env: { ALLOWED_EMAIL_DOMAINS: 'gmail.com,googlemail.com,corp.in', TRUST_PROXY: 'true' },
    });
  });
  afterAll(() => stack.close());

  const send = (body: unknown) => stack.api.request('POST', REGISTER, { body });

  it('e-mails a code, then creates the player with an empty wallet (201)', async () => {
    const email = freshEmail();
    const since = Date.now();
    const first = await send(registration(email.toUpperCase()));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, data: { otpSent: true, email } });
    const mail = await stack.mail.waitFor(email, { since });
    expect(mail.subject).toMatch(/sign-up code/);
    expect(mail.text).toContain('expires in 10 minutes');
    const otp = /\b(\d{6})\b/.exec(mail.text)![1]!;

    // Stored hashed: the table never holds the code itself.
    const stored = await stack.api.db.selectFrom('otp_codes').selectAll().where('email', '=', email).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toContain(otp);
    expect(stored[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const second = await send(registration(email, { otp }));
    expect(second.status).toBe(201);
    expect(second.body.data.user).toEqual({ _id: expect.any(String), name: usernameFor(email), email, role: 'user' });
    const wallet = await stack.api.db
      .selectFrom('wallets')
      .selectAll()
      .where('user_id', '=', second.body.data.user._id)
      .executeTakeFirstOrThrow();
    expect(wallet).toMatchObject({ main: 0, bonus: 0, is_active: false });
    const user = await stack.api.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.referral_code).toMatch(/^[A-Z2-9]{8}$/);

    // The code is single use, and the address is now taken.
    const again = await send(registration(email, { otp }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(AUTH_MESSAGES.emailTaken);
  });

  it("writes the code's e-mail in the newcomer's language, and the account keeps it; refuses another language", async () => {
    const email = freshEmail();
    const since = Date.now();
    expect((await send(registration(email, { language: 'hi-IN' }))).status).toBe(200);
    const mail = await stack.mail.waitFor(email, { since });
    expect(mail.subject).toMatch(/^\d{6} /);
    expect(mail.subject).not.toMatch(/sign-up code/);
    expect(mail.text).toContain('यह कोड कभी किसी को न बताएं');
    const otp = /\b(\d{6})\b/.exec(mail.text)![1]!;
    expect((await send(registration(email, { otp, language: 'hi-IN' }))).status).toBe(201);
    const user = await stack.api.db
      .selectFrom('users')
      .select('language')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.language).toBe('hi-IN');

    const other = freshEmail();
    const refused = await send(registration(other, { language: 'fr-FR' }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Language must be one of en-IN, hi-IN.');
    expect(await stack.api.db.selectFrom('otp_codes').select('id').where('email', '=', other).execute()).toEqual([]);
  });

  it('records the referrer of a valid referral code and refuses an invalid one', async () => {
    const referrer = await createUser(stack.api);
    const bad = await send(registration(freshEmail(), { referralCode: 'NOPE1234' }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid referral code.');

    const email = freshEmail();
    const since = Date.now();
    expect((await send(registration(email, { referralCode: ` ${referrer.referralCode.toLowerCase()} ` }))).status).toBe(
      200,
    );
    const otp = await nextCode(stack.mail, email, since);
    const created = await send(registration(email, { referralCode: referrer.referralCode, otp }));
    expect(created.status).toBe(201);
    const row = await stack.api.db
      .selectFrom('users')
      .select('referred_by')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.referred_by).toBe(referrer.id);
  });

  it('answers the spec’s validation messages and sends nothing', async () => {
    const email = freshEmail();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: '' }, 'All fields are required'],
      [{ password: undefined }, 'All fields are required'],
      [{ email: 'someone@yahoo.com' }, 'Please enter a valid Gmail address'],
      [{ password: 'abc', confirmPassword: 'abc' }, 'Password must be at least 6 characters'],
      [{ confirmPassword: 'different1' }, "Passwords don't match!"],
      [{ terms: false }, 'You must agree to the terms and conditions'],
      [
        { username: 'ab' },
        'Username must be 3 to 30 characters: letters, digits, spaces, dots, underscores or hyphens.',
      ],
      [
        { username: 'Ravi<script>' },
        'Username must be 3 to 30 characters: letters, digits, spaces, dots, underscores or hyphens.',
      ],
      [{ otp: '12ab56' }, 'Please enter the 6-digit code sent to your Gmail.'],
      [
        { password: 'iloveyou1', confirmPassword: 'iloveyou1' },
        'This password is too common. Please choose a less common password.',
      ],
      [
        { password: 'QWERTY123', confirmPassword: 'QWERTY123' },
        'This password is too common. Please choose a less common password.',
      ],
      [
        { password: `${email.split('@')[0]}`, confirmPassword: `${email.split('@')[0]}` },
        'Password must not be made from your email address.',
      ],
      [
        {
          password: `${email.split('@')[0]!.replace('.', '')}2024`,
          confirmPassword: `${email.split('@')[0]!.replace('.', '')}2024`,
        },
        'Password must not be made from your email address.',
      ],
      [
        { password: 'aaaaaa', confirmPassword: 'aaaaaa' },
        'Password must not be one character repeated (like "aaaaaa").',
      ],
      [{ password: '      ', confirmPassword: '      ' }, 'Password must not be only spaces.'],
      [{ role: 'super-admin' }, 'Unknown field: role'],
    ];
    for (const [change, message] of cases) {
      const res = await send(registration(email, change));
      expect({ change, status: res.status, message: res.body.message }).toEqual({ change, status: 400, message });
    }
    expect(stack.mail.messages.filter((m) => m.to.includes(email))).toHaveLength(0);
    expect(await stack.api.db.selectFrom('otp_codes').select('id').where('email', '=', email).execute()).toHaveLength(
      0,
    );
  });

  it('refuses an address that is already registered (409), before sending a code', async () => {
    const existing = await createUser(stack.api);
    const res = await send(registration(existing.email));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This email is already registered. Please log in instead.');
  });

  it('counts wrong codes and locks the code after 5 wrong tries', async () => {
    const email = freshEmail();
    const since = Date.now();
    await send(registration(email));
    const otp = await nextCode(stack.mail, email, since);
    const wrong = otp === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await send(registration(email, { otp: wrong }))).body.message);
    expect(messages).toEqual([
      'Incorrect code. 4 attempts left.',
      'Incorrect code. 3 attempts left.',
      'Incorrect code. 2 attempts left.',
      'Incorrect code. 1 attempt left.',
      'Too many incorrect attempts (5). Please request a new code.',
    ]);
    const right = await send(registration(email, { otp }));
    expect(right.status).toBe(400);
    expect(right.body.message).toBe('Too many incorrect attempts (5). Please request a new code.');
    expect(await stack.api.db.selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(0);
  });

  it('refuses an expired code and a code replaced by a newer one', async () => {
    const email = freshEmail();
    let since = Date.now();
    await send(registration(email));
    const first = await nextCode(stack.mail, email, since);
    since = Date.now();
    await send(registration(email));
    const second = await nextCode(stack.mail, email, since);
    if (first !== second) {
      const old = await send(registration(email, { otp: first }));
      expect(old.status).toBe(400);
      expect(old.body.message).toMatch(/^Incorrect code/);
    }
    // Ten minutes pass.
    await stack.api.db
      .updateTable('otp_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    const expired = await send(registration(email, { otp: second }));
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This code has expired or is no longer valid. Please request a new one.');
  });

  it('refuses a code for an address that never asked for one', async () => {
    const res = await send(registration(freshEmail(), { otp: '123456' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AUTH_MESSAGES.codeExpired);
  });

  it('creates one player when the same code is submitted twice at once', async () => {
    const email = freshEmail();
    const since = Date.now();
    await send(registration(email));
    const otp = await nextCode(stack.mail, email, since);
    const results = await Promise.all([send(registration(email, { otp })), send(registration(email, { otp }))]);
    expect(results.map((r) => r.status).sort()).toEqual([201, expect.any(Number)]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.find((r) => r.status !== 201)!.status).toBeGreaterThanOrEqual(400);
    expect(await stack.api.db.selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(1);
  });

  describe('one account per person', () => {
    const tag = () => randomBytes(3).toString('hex');
    const sentTo = (email: string) => stack.mail.messages.filter((m) => m.to.includes(email));

    it('refuses every alias of a registered Gmail address (case, dots, +tag, googlemail.com) with 409, before a code is sent', async () => {
      const t = tag();
      await registerPlayer(stack, `ravi.kumar.${t}@gmail.com`);
      for (const alias of [
        `RaviKumar${t}@gmail.com`,
        `r.a.v.i.kumar.${t}+win@gmail.com`,
        `ravikumar${t}@GoogleMail.com`,
        `ravi.kumar.${t}+x@googlemail.com`,
      ]) {
        const res = await send(registration(alias));
        expect({ alias, status: res.status, message: res.body.message }).toEqual({
          alias,
          status: 409,
          message: AUTH_MESSAGES.emailTaken,
        });
        expect(sentTo(alias.toLowerCase())).toHaveLength(0);
      }
      const other = `ravikumar${t}2@gmail.com`;
      expect((await send(registration(other))).status).toBe(200);
    });

    it('elsewhere ignores case and a +tag but not dots', async () => {
      const t = tag();
      await registerPlayer(stack, `anil.${t}+games@corp.in`);
      for (const alias of [`ANIL.${t}@Corp.in`, `anil.${t}+other@corp.in`]) {
        expect({ alias, status: (await send(registration(alias))).status }).toEqual({ alias, status: 409 });
      }
      expect((await send(registration(`anil${t}@corp.in`))).status).toBe(200);
    });

    it('creates one account when two aliases of one address finish registering at the same moment', async () => {
      const t = tag();
      const first = `sita.${t}@gmail.com`;
      const second = `sita${t}+2@gmail.com`;
      let since = Date.now();
      expect((await send(registration(first))).status).toBe(200);
      const firstCode = await nextCode(stack.mail, first, since);
      since = Date.now();
      expect((await send(registration(second))).status).toBe(200);
      const secondCode = await nextCode(stack.mail, second, since);
      const results = await Promise.all([
        send(registration(first, { otp: firstCode })),
        send(registration(second, { otp: secondCode })),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(results.find((r) => r.status === 409)!.body.message).toBe(AUTH_MESSAGES.emailTaken);
      const rows = await stack.api.db
        .selectFrom('users')
        .select('email')
        .where('email_key', '=', emailIdentityKey(first))
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses the referral code of the registrant’s own address (an alias of it) and of an administrator, at both steps', async () => {
      const t = tag();
      const referrer = await registerPlayer(stack, `meera.${t}@gmail.com`);
      const code = (
        await stack.api.db
          .selectFrom('users')
          .select('referral_code')
          .where('id', '=', referrer.user._id)
          .executeTakeFirstOrThrow()
      ).referral_code;
      const own = await send(registration(`Meera${t}+2@gmail.com`, { referralCode: code.toLowerCase() }));
      expect({ status: own.status, message: own.body.message, errors: own.body.errors }).toEqual({
        status: 400,
        message: 'You cannot use your own referral code.',
        errors: { referralCode: 'You cannot use your own referral code.' },
      });

      const admin = await createUser(stack.api, { role: 'super-admin' });
      const staff = await send(registration(freshEmail(), { referralCode: admin.referralCode }));
      expect({ status: staff.status, message: staff.body.message }).toEqual({
        status: 400,
        message: 'This referral code belongs to an administrator and cannot be used.',
      });

      // A code that was a player's at step 1 and an administrator's by step 2 is refused at step 2.
      const promoted = await createUser(stack.api);
      const email = freshEmail();
      const since = Date.now();
      expect((await send(registration(email, { referralCode: promoted.referralCode }))).status).toBe(200);
      const otp = await nextCode(stack.mail, email, since);
      await stack.api.db.updateTable('users').set({ role: 'super-admin' }).where('id', '=', promoted.id).execute();
      const late = await send(registration(email, { referralCode: promoted.referralCode, otp }));
      expect({ status: late.status, message: late.body.message }).toEqual({
        status: 400,
        message: 'This referral code belongs to an administrator and cannot be used.',
      });
      expect(await stack.api.db.selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(0);
    });
  });

  describe('limits', () => {
    let limiter: RateLimiter;
    beforeAll(() => {
      limiter = stack.api.app.get(RateLimiter);
    });

    it('counts step 1 per client address before the address is looked up (a taken address is no free probe)', async () => {
      const taken = [await createUser(stack.api), await createUser(stack.api)];
      const saved = { ...limiter.policies.otpSendIp };
      limiter.policies.otpSendIp.limit = 2;
      try {
        const ip = '192.0.2.10';
        const statuses = [];
        for (const user of taken)
          statuses.push(
            (await stack.api.request('POST', REGISTER, { body: registration(user.email), headers: from(ip) })).status,
          );
        statuses.push(
          (await stack.api.request('POST', REGISTER, { body: registration(freshEmail()), headers: from(ip) })).status,
        );
        expect(statuses).toEqual([409, 409, 429]);
      } finally {
        limiter.policies.otpSendIp = saved;
      }
    });

    it('counts step 1 per address, aliases together, from any client address', async () => {
      const t = randomBytes(3).toString('hex');
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const alias = i % 2 === 0 ? `kiran.${t}+${i}@gmail.com` : `Kiran${t}@gmail.com`;
        statuses.push(
          (await stack.api.request('POST', REGISTER, { body: registration(alias), headers: from(`192.0.2.${20 + i}`) }))
            .status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });
});
