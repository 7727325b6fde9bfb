import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { loadConfig } from '@app/config';
import { Mailer } from './mailer.js';
import { renderOtpMail } from './otp-mail.js';

describe('one-time code e-mail', () => {
  it("is written in the account's language: Hindi for a player who reads Hindi", () => {
    const mail = renderOtpMail({
      kind: 'otp',
      to: 'asha@gmail.com',
      purpose: 'reset',
      code: '123456',
      validMinutes: 10,
      language: 'hi-IN',
    });
    expect(mail.subject).toBe('123456 आपका WinRound पासवर्ड रीसेट कोड है');
    expect(mail.text).toContain('    123456\n');
    expect(mail.text).toContain('10 मिनट में खत्म');
    expect(mail.text).toContain('यह कोड कभी किसी को न बताएं');
    expect(mail.text).not.toContain('Never share');
  });

  it('is plain, friendly text carrying the code, its validity and a warning', () => {
    const mail = renderOtpMail({
      kind: 'otp',
      to: 'asha@gmail.com',
      purpose: 'register',
      code: '004211',
      validMinutes: 10,
    });
    expect(mail.to).toBe('asha@gmail.com');
    expect(mail.subject).toBe('004211 is your WinRound sign-up code');
    expect(mail.text).toContain('    004211\n');
    expect(mail.text).toContain('expires in 10 minutes');
    expect(mail.text).toContain('Never share this code');
    expect(
      renderOtpMail({ kind: 'otp', to: 'a@gmail.com', purpose: 'reset', code: '123456', validMinutes: 10 }).text,
    ).toContain('reset your WinRound password');
    const signIn = renderOtpMail({
      kind: 'otp',
      to: 'a@gmail.com',
      purpose: 'login',
      code: '654321',
      validMinutes: 10,
    });
    expect(signIn.subject).toBe('654321 is your WinRound sign-in code');
    expect(signIn.text).toContain('with the right password');
    expect(signIn.text).toContain("If it wasn't you, someone knows your password");
  });
});

describe('Mailer without SMTP_URL', () => {
  const message = { to: 'asha@gmail.com', subject: '004211 is your WinRound sign-up code', text: 'code 004211' };
  afterEach(() => jest.restoreAllMocks());

  it('writes the message, code included, to the log in development', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    await new Mailer(loadConfig({ NODE_ENV: 'development' })).send(message);
    expect(JSON.stringify(log.mock.calls)).toContain('004211');
  });

  it('never logs the code outside development', async () => {
    // Production refuses to start without SMTP_URL (libs/config); the mailer holds the line even so.
    const production = Object.assign(loadConfig({ NODE_ENV: 'test' }), { NODE_ENV: 'production' as const });
    for (const config of [production, loadConfig({ NODE_ENV: 'test' })]) {
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
      await new Mailer(config).send(message);
      expect(warn).toHaveBeenCalledWith({ msg: 'e-mail not sent (SMTP_URL is not set)', to: 'asha@gmail.com' });
      expect(JSON.stringify([...warn.mock.calls, ...log.mock.calls])).not.toContain('004211');
      jest.restoreAllMocks();
    }
  });
});

describe('dispute answer e-mail', () => {
  it('tells the player what was answered, where to read it, and never advertises', async () => {
    const { renderDisputeAnsweredMail } = await import('./dispute-mail.js');
    const mail = renderDisputeAnsweredMail({
      kind: 'dispute-answered',
      to: 'asha@gmail.com',
      username: 'asha',
      about: 'your bet in period 202611210042',
      answer: 'Digit 5 is violet.\nYour bet was on green.',
      where: 'Profile → My disputes',
    });
    expect(mail).toMatchObject({ to: 'asha@gmail.com', subject: 'Your WinRound dispute has been answered' });
    expect(mail.text).toContain('your bet in period 202611210042');
    expect(mail.text).toContain('    Digit 5 is violet.\n    Your bet was on green.');
    expect(mail.text).toContain('Profile → My disputes');
  });

  it("is written in the player's language, with the app's own words for where to read it", async () => {
    const { renderDisputeAnsweredMail } = await import('./dispute-mail.js');
    const base = {
      kind: 'dispute-answered' as const,
      to: 'asha@gmail.com',
      username: 'asha',
      answer: 'अंक 5 बैंगनी है।',
      where: 'Profile → My disputes',
    };
    const bet = renderDisputeAnsweredMail({
      ...base,
      about: 'your bet in period 202611210042',
      subject: { type: 'bet', periodId: '202611210042' },
      language: 'hi-IN',
    });
    expect(bet.subject).toBe('आपकी WinRound शिकायत का जवाब दे दिया गया है');
    expect(bet.text).toContain('नमस्ते asha,');
    expect(bet.text).toContain('पीरियड 202611210042 के आपके दांव के बारे में');
    expect(bet.text).toContain('    अंक 5 बैंगनी है।');
    expect(bet.text).toContain('प्रोफ़ाइल → मेरी शिकायतें');
    expect(bet.text).not.toMatch(/dispute|answered|period/);
    const transaction = renderDisputeAnsweredMail({
      ...base,
      about: 'transaction DEP123',
      subject: { type: 'transaction', reference: 'DEP123' },
      language: 'hi-IN',
    });
    expect(transaction.text).toContain('लेन-देन DEP123 के बारे में');
    // A job queued before the language was carried (no subject, no language) is sent in English.
    expect(renderDisputeAnsweredMail({ ...base, about: 'transaction DEP123' }).subject).toBe(
      'Your WinRound dispute has been answered',
    );
  });
});
