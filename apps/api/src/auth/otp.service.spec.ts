import { jest } from '@jest/globals';
import { toApiError } from '../common/http-exception.filter.js';
import { authWorld } from './testing/auth-world.js';

const START = new Date('2026-11-23T06:00:00Z').getTime();
const EMAIL = 'asha@gmail.com';
const IP = '198.51.100.4';

/** One-time codes against an in-memory store: what is e-mailed, which code works, how wrong tries and time count. */
function setup() {
  const { codes: store, mail: queue, limits, otp: service } = authWorld();
  /** The code in the last e-mail queued. */
  const mailedCode = () => queue.jobs.at(-1)!.data.code;
  /** Checks a code; its valid outcome is 'valid', a refusal its status and message. */
  const check = (code: string, email = EMAIL) =>
    service
      .check('register', email, code, async () => 'valid')
      .then(
        (v) => v,
        (e: unknown) => {
          const { statusCode, message } = toApiError(e);
          return `${statusCode} ${message}`;
        },
      );
  return { store, queue, limits, service, mailedCode, check };
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeEach(() => {
  jest.useFakeTimers({ now: START, doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
});
afterEach(() => jest.useRealTimers());

describe('OtpService', () => {
  it('e-mails six digits valid 10 minutes, and the code works once', async () => {
    const { service, queue, mailedCode, check } = setup();
    await service.issue('register', EMAIL, IP);
    expect(queue.jobs).toEqual([
      {
        name: 'otp',
        data: {
          kind: 'otp',
          to: EMAIL,
          purpose: 'register',
          code: expect.stringMatching(/^\d{6}$/),
          validMinutes: 10,
          // No account yet (a registration): English.
          language: 'en-IN',
        },
        opts: expect.objectContaining({ attempts: 6 }),
      },
    ]);
    const code = mailedCode();
    const used = await service.check('register', EMAIL, code, async (trx, row) => {
      await service.consume(trx, row.id);
      return 'registered';
    });
    expect(used).toBe('registered');
    expect(await check(code)).toBe('400 This code has expired or is no longer valid. Please request a new one.');
  });

  it('counts wrong tries down, locks the code at the fifth, and then refuses even the right one', async () => {
    const { service, mailedCode, check } = setup();
    await service.issue('register', EMAIL, IP);
    const code = mailedCode();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await check(wrong(code)));
    expect(answers).toEqual([
      '400 Incorrect code. 4 attempts left.',
      '400 Incorrect code. 3 attempts left.',
      '400 Incorrect code. 2 attempts left.',
      '400 Incorrect code. 1 attempt left.',
      '400 Too many incorrect attempts (5). Please request a new code.',
    ]);
    expect(await check(code)).toBe('400 Too many incorrect attempts (5). Please request a new code.');
  });

  it('lets only the newest code work, only for its address and purpose, and only for 10 minutes', async () => {
    const { service, mailedCode, check } = setup();
    await service.issue('register', EMAIL, IP);
    const first = mailedCode();
    await service.issue('register', EMAIL, IP);
    const second = mailedCode();
    if (first !== second) expect(await check(first)).toBe('400 Incorrect code. 4 attempts left.');
    expect(await check(second, 'someone.else@gmail.com')).toBe(
      '400 This code has expired or is no longer valid. Please request a new one.',
    );
    await expect(service.check('reset', EMAIL, second, async () => 'valid')).rejects.toThrow('This code has expired');
    jest.setSystemTime(START + 10 * 60_000);
    expect(await check(second)).toBe('400 This code has expired or is no longer valid. Please request a new one.');
  });

  it('answers for an undelivered code (reset of an unknown address) exactly as for a real one, sending nothing', async () => {
    const { service, queue, store, check } = setup();
    await service.issue('register', EMAIL, IP, false);
    expect(queue.jobs).toEqual([]);
    expect(store.all).toHaveLength(1);
    expect(await check('123456')).toMatch(/^400 Incorrect code\. 4 attempts left\.$|^valid$/);
  });

  it('counts sends per client address and per e-mail identity, so aliases of one Gmail share the five codes an hour', async () => {
    const { service, limits } = setup();
    for (const alias of [
      'asha@gmail.com',
      'a.s.h.a@gmail.com',
      'asha+1@gmail.com',
      'ASHA@googlemail.com',
      'as.ha+x@gmail.com',
    ])
      await service.limitSend(alias, IP);
    expect(limits.hits.filter(([name]) => name === 'otpSendEmail').map(([, subject]) => subject)).toEqual(
      Array(5).fill('asha@gmail.com'),
    );
    const refused = await service.limitSend('asha+again@gmail.com', '192.0.2.9').catch((e: unknown) => toApiError(e));
    expect(refused).toMatchObject({
      statusCode: 429,
      message: 'Too many codes requested. Please try again in 60 minutes.',
    });
  });
});
