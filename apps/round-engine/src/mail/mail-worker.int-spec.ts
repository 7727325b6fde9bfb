import { jest } from '@jest/globals';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { MailQueue } from '@app/mail';
import { startTestEngine, type TestEngine } from '@app/testing';

jest.setTimeout(30_000);

describe('mail worker (BullMQ queue → SMTP)', () => {
  let engine: TestEngine;
  let smtp: SMTPServer;
  const received: Array<{ to: string; subject: string; text: string }> = [];
  let refusals = 1;
  let attempts = 0;

  beforeAll(async () => {
    // An SMTP server that refuses the first delivery (451, try later) and accepts the next ones.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        attempts++;
        simpleParser(stream)
          .then((mail) => {
            if (refusals > 0) {
              refusals--;
              return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
            }
            received.push({
              to: session.envelope.rcptTo[0]!.address,
              subject: mail.subject ?? '',
              text: mail.text ?? '',
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    engine = await startTestEngine({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await engine.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('retries a refused delivery with back-off and then delivers the code once', async () => {
    const queue = engine.app.get(MailQueue);
    await queue.sendOtp({ to: 'meera.s@gmail.com', purpose: 'reset', code: '042917', validMinutes: 10 });
    const deadline = Date.now() + 15_000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(attempts).toBe(2);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toBe('meera.s@gmail.com');
    expect(received[0]!.subject).toBe('042917 is your WinRound password reset code');
    expect(received[0]!.text).toContain('042917');
    expect(received[0]!.text).toContain('expires in 10 minutes');
    // The sent job (it carried the code) does not stay in Redis.
    await new Promise((r) => setTimeout(r, 200));
    expect(await queue.bull.getJobCounts('completed', 'failed', 'waiting', 'delayed', 'active')).toEqual({
      completed: 0,
      failed: 0,
      waiting: 0,
      delayed: 0,
      active: 0,
    });
  });

  it('delivers a dispute’s answer to its player', async () => {
    const queue = engine.app.get(MailQueue);
    const before = received.length;
    await queue.sendDisputeAnswered({
      to: 'asha.k@gmail.com',
      username: 'asha_k',
      about: 'your bet in period 202611210042',
      answer: 'Period 202611210042 drew 5 (violet).',
      where: 'Profile → My disputes',
    });
    const deadline = Date.now() + 15_000;
    while (received.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(received.slice(before)).toEqual([
      expect.objectContaining({
        to: 'asha.k@gmail.com',
        subject: 'Your WinRound dispute has been answered',
        text: expect.stringContaining('Period 202611210042 drew 5 (violet).'),
      }),
    ]);
  });

  it('delivers a payout notice once, however often it is queued (one job per transaction and notice)', async () => {
    const queue = engine.app.get(MailQueue);
    const before = received.length;
    const job = {
      notice: 'withdrawal-paid' as const,
      to: 'ravi.kumar@gmail.com',
      username: 'ravi_k',
      transactionId: 'WDR20261129ABCDEFGHJK',
      amountPaise: 250_000,
      reason: null,
      reference: 'UTR 987654321098',
    };
    await queue.sendPaymentNotice(job);
    await queue.sendPaymentNotice(job);
    const deadline = Date.now() + 15_000;
    while (received.length === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await queue.sendPaymentNotice(job);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(received.slice(before)).toEqual([
      expect.objectContaining({
        to: 'ravi.kumar@gmail.com',
        subject: 'Your withdrawal of ₹2,500.00 has been paid',
        text: expect.stringContaining('Payout reference: UTR 987654321098'),
      }),
    ]);
  });
});
