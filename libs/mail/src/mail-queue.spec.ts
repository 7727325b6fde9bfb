import { Logger } from '@nestjs/common';
import type { RunningPlayBreak } from '@app/domain';
import { RecordingQueue } from '@app/testing/fakes';
import { MailQueue, mailCategory } from './mail-queue.js';
import type { MailJob } from './otp-mail.js';

const onBreak: RunningPlayBreak = {
  kind: 'break',
  phase: 'break',
  untilMs: Date.parse('2026-12-06T08:35:00Z'),
  endsAtMs: Date.parse('2026-12-06T08:35:00Z'),
  startedAtMs: 0,
};
/** A kind of mail nobody classified as transactional (e.g. a newsletter added later). */
const newsletter = { kind: 'newsletter', to: 'kiran.rao@gmail.com' } as unknown as MailJob;

describe('MailQueue: what a player on a break or self-excluded still gets', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('one-time codes are transactional: queued whatever runs', async () => {
    const queue = new RecordingQueue<MailJob>();
    const mail = new MailQueue(queue.asQueue());
    await mail.sendOtp({ to: 'kiran.rao@gmail.com', purpose: 'reset', code: '123456', validMinutes: 10 });
    expect(
      await mail.enqueue(
        { kind: 'otp', to: 'kiran.rao@gmail.com', purpose: 'login', code: '654321', validMinutes: 10 },
        { away: onBreak, careFlagged: true },
      ),
    ).toBe(true);
    expect(queue.jobs.map((j) => j.name)).toEqual(['otp', 'otp']);
    expect(mailCategory('otp')).toBe('transactional');
  });

  it('any other kind is promotional: skipped for a player on a break, and when the caller did not say', async () => {
    const queue = new RecordingQueue<MailJob>();
    const mail = new MailQueue(queue.asQueue());
    expect(await mail.enqueue(newsletter, { away: onBreak, careFlagged: false })).toBe(false);
    expect(await mail.enqueue(newsletter)).toBe(false);
    expect(queue.jobs).toEqual([]);
    expect(await mail.enqueue(newsletter, { away: null, careFlagged: false })).toBe(true);
    expect(queue.jobs.map((j) => j.name)).toEqual(['newsletter']);
  });
});

describe('MailQueue: a player with an open care flag', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('gets no promotional mail (a harm marker never leads to a promotion), but still their codes', async () => {
    const queue = new RecordingQueue<MailJob>();
    const mail = new MailQueue(queue.asQueue());
    expect(await mail.enqueue(newsletter, { away: null, careFlagged: true })).toBe(false);
    expect(
      await mail.enqueue(
        { kind: 'otp', to: 'kiran.rao@gmail.com', purpose: 'login', code: '654321', validMinutes: 10 },
        { away: null, careFlagged: true },
      ),
    ).toBe(true);
    expect(queue.jobs.map((j) => j.name)).toEqual(['otp']);
  });
});
