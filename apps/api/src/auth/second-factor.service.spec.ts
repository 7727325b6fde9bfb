import { generate } from 'otplib';
import { SECOND_FACTOR_MESSAGES } from '@app/domain';
import { refusal } from '../testing/refusal.js';
import { SecondFactorService } from './second-factor.service.js';
import { authWorld } from './testing/auth-world.js';

const now = () => Math.floor(Date.now() / 1000);

function setup(env: Record<string, string> = {}) {
  const world = authWorld(env);
  world.factors.addUser('u-boss', 'boss@winround.app');
  return world;
}

describe('SecondFactorService: enrolling an authenticator', () => {
  it('shows a new key once (text and otpauth address), enrols it with its first code and hands out 10 recovery codes once', async () => {
    const { secondFactor, factors } = setup();
    expect(await secondFactor.status('u-boss')).toEqual({
      twoFactorEnrolled: false,
      twoFactorRequired: false,
      twoFactorWaived: false,
      recoveryCodesLeft: 0,
      enrolledAt: null,
    });
    const { secret, otpauthUri } = await secondFactor.startEnrolment('u-boss');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(`otpauth://totp/WinRound:boss%40winround.app?secret=${secret}&issuer=WinRound`);
    // Stored sealed: the key is nowhere in the row.
    expect(JSON.stringify(factors.row('u-boss'))).not.toContain(secret);
    expect(await secondFactor.isEnrolled('u-boss')).toBe(false);

    expect(await refusal(secondFactor.confirmEnrolment('u-boss', '12345'))).toEqual({
      status: 400,
      message: SECOND_FACTOR_MESSAGES.codeWrong,
      errors: { code: SECOND_FACTOR_MESSAGES.codeWrong },
    });
    const wrong = String((Number(await generate({ secret })) + 1) % 1_000_000).padStart(6, '0');
    expect((await refusal(secondFactor.confirmEnrolment('u-boss', wrong))).status).toBe(400);
    const codes = await secondFactor.confirmEnrolment('u-boss', await generate({ secret }));
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(10);
    expect(await secondFactor.status('u-boss')).toMatchObject({
      twoFactorEnrolled: true,
      recoveryCodesLeft: 10,
      enrolledAt: expect.any(String),
    });
    // Nothing is waiting any more: confirming again has nothing to confirm.
    expect(
      (await refusal(secondFactor.confirmEnrolment('u-boss', await generate({ secret, epoch: now() + 30 })))).status,
    ).toBe(409);
  });

  it('replaces an enrolled authenticator only for its code (or a recovery code); the old one works until the new one is confirmed', async () => {
    const { secondFactor } = setup();
    const first = await secondFactor.startEnrolment('u-boss');
    const codes = await secondFactor.confirmEnrolment(
      'u-boss',
      await generate({ secret: first.secret, epoch: now() - 30 }),
    );
    expect(await refusal(secondFactor.startEnrolment('u-boss'))).toMatchObject({
      status: 409,
      message: SECOND_FACTOR_MESSAGES.alreadyEnrolled,
    });
    expect(await refusal(secondFactor.startEnrolment('u-boss', 'zzzzz-zzzzz'))).toMatchObject({
      status: 400,
      message: SECOND_FACTOR_MESSAGES.codeWrong,
    });
    const second = await secondFactor.startEnrolment('u-boss', codes[0]);
    expect(await secondFactor.verify('u-boss', await generate({ secret: first.secret }))).toBe(true);
    const renewed = await secondFactor.confirmEnrolment(
      'u-boss',
      await generate({ secret: second.secret, epoch: now() + 30 }),
    );
    expect(await secondFactor.verify('u-boss', codes[1])).toBe(false);
    expect(await secondFactor.verify('u-boss', renewed[0])).toBe(true);
  });

  it('renews the recovery codes for a right code only; the old ones stop working', async () => {
    const { secondFactor } = setup();
    const { secret } = await secondFactor.startEnrolment('u-boss');
    const codes = await secondFactor.confirmEnrolment('u-boss', await generate({ secret, epoch: now() - 30 }));
    expect((await refusal(secondFactor.renewRecoveryCodes('u-boss', '000000'))).status).toBe(400);
    const renewed = await secondFactor.renewRecoveryCodes('u-boss', await generate({ secret }));
    expect(await secondFactor.verify('u-boss', codes[0])).toBe(false);
    expect(await secondFactor.verify('u-boss', renewed[0])).toBe(true);
    expect((await secondFactor.status('u-boss')).recoveryCodesLeft).toBe(9);
  });

  it('limits checks of a signed-in admin’s codes: ten in 15 minutes', async () => {
    const { secondFactor, limits } = setup();
    await secondFactor.startEnrolment('u-boss');
    for (let i = 0; i < 10; i++)
      expect((await refusal(secondFactor.confirmEnrolment('u-boss', '000000'))).status).toBe(400);
    expect(await refusal(secondFactor.confirmEnrolment('u-boss', '000000'))).toMatchObject({
      status: 429,
      message: 'Too many attempts. Please try again in 15 minutes.',
    });
    expect(limits.hits.filter(([name]) => name === 'accountSecretChecks')).toHaveLength(11);
  });

  it('a key sealed under another signing secret counts as not enrolled (and its account is named at start-up)', async () => {
    const { secondFactor, factors, db, limits, config } = setup({ JWT_SECRET: 'first-signing-secret-0123456789' });
    const { secret } = await secondFactor.startEnrolment('u-boss');
    await secondFactor.confirmEnrolment('u-boss', await generate({ secret }));
    expect(await secondFactor.superAdminsWithoutSecondFactor()).toEqual([]);
    const rotated = new SecondFactorService(
      db,
      factors,
      limits.asRateLimiter(),
      Object.assign(Object.create(Object.getPrototypeOf(config)), config, {
        JWT_SECRET: 'second-signing-secret-0123456789',
      }),
    );
    expect(await rotated.isEnrolled('u-boss')).toBe(false);
    expect(await rotated.verify('u-boss', await generate({ secret, epoch: now() + 30 }))).toBe(false);
    expect(await rotated.superAdminsWithoutSecondFactor()).toEqual(['boss@winround.app']);
  });

  it('says what the deployment requires: production requires it, ADMIN_2FA_WAIVED waives it', async () => {
    const { secondFactor } = setup({ ADMIN_2FA_WAIVED: 'true' });
    expect(await secondFactor.status('u-boss')).toMatchObject({ twoFactorRequired: false, twoFactorWaived: true });
  });
});
