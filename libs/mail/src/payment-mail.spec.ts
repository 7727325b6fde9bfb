import { Logger } from '@nestjs/common';
import { RecordingQueue } from '@app/testing/fakes';
import { MailQueue, mailCategory } from './mail-queue.js';
import type { MailJob } from './otp-mail.js';
import { paymentNoticeJobId, renderPaymentNoticeMail, type PaymentNoticeMailJob } from './payment-mail.js';

const base: Omit<PaymentNoticeMailJob, 'notice'> = {
  kind: 'payment-notice',
  to: 'ravi.kumar@gmail.com',
  username: 'ravi_k',
  transactionId: 'WDR20261129ABCDEFGHJK',
  amountPaise: 125_050,
  reason: null,
  reference: null,
};

describe('payment notice e-mails', () => {
  it('a payout says the amount, where it went and the payout reference when there is one', () => {
    const mail = renderPaymentNoticeMail({ ...base, notice: 'withdrawal-paid', reference: ' UTR 334455667788 ' });
    expect(mail.to).toBe('ravi.kumar@gmail.com');
    expect(mail.subject).toBe('Your withdrawal of ₹1,250.50 has been paid');
    expect(mail.text).toContain('Hi ravi_k,');
    expect(mail.text).toContain(
      'Your withdrawal WDR20261129ABCDEFGHJK of ₹1,250.50 has been paid out to the UPI ID or bank account you gave.',
    );
    expect(mail.text).toContain('Payout reference: UTR 334455667788\n');
    expect(renderPaymentNoticeMail({ ...base, notice: 'withdrawal-paid' }).text).not.toContain('Payout reference');
  });

  it("is written in the player's language: Hindi for a player who reads Hindi, with the same facts", () => {
    const paid = renderPaymentNoticeMail({
      ...base,
      notice: 'withdrawal-paid',
      reference: 'UTR 334455667788',
      language: 'hi-IN',
    });
    expect(paid.subject).toBe('आपकी ₹1,250.50 की निकासी का भुगतान हो गया है');
    expect(paid.text).toContain('नमस्ते ravi_k,');
    expect(paid.text).toContain('WDR20261129ABCDEFGHJK');
    expect(paid.text).toContain('भुगतान संदर्भ: UTR 334455667788');
    const rejected = renderPaymentNoticeMail({
      ...base,
      notice: 'withdrawal-rejected',
      reason: 'The IFSC does not match the bank.',
      language: 'hi-IN',
    });
    expect(rejected.subject).toBe('आपकी ₹1,250.50 की निकासी का भुगतान नहीं हुआ');
    expect(rejected.text).toContain('कारण: The IFSC does not match the bank.');
    expect(rejected.text).not.toMatch(/\b(Hi|Your|Reason)\b/);
    // English when the language is English or unknown (a job queued before languages).
    expect(renderPaymentNoticeMail({ ...base, notice: 'withdrawal-paid', language: 'en-IN' }).subject).toBe(
      'Your withdrawal of ₹1,250.50 has been paid',
    );
  });

  it("a rejection carries the reviewer's reason and what to do next", () => {
    const deposit = renderPaymentNoticeMail({
      ...base,
      notice: 'deposit-rejected',
      transactionId: 'DEP20261129ABCDEFGHJK',
      amountPaise: 50_000,
      reason: 'No payment with this UTR reached us.',
    });
    expect(deposit.subject).toBe('Your deposit of ₹500.00 was not approved');
    expect(deposit.text).toContain('Reason: No payment with this UTR reached us.');
    expect(deposit.text).toContain("If you paid, submit the UTR again with the payer's details");
    const withdrawal = renderPaymentNoticeMail({ ...base, notice: 'withdrawal-rejected', reason: 'Name mismatch.' });
    expect(withdrawal.subject).toBe('Your withdrawal of ₹1,250.50 was not paid');
    expect(withdrawal.text).toContain('The amount is back in your main balance.');
    expect(withdrawal.text).toContain('Reason: Name mismatch.');
    // A review without notes (an older console, a script) leaves the line out rather than print an empty reason.
    expect(renderPaymentNoticeMail({ ...base, notice: 'withdrawal-rejected', reason: '  ' }).text).not.toContain(
      'Reason:',
    );
  });
});

describe('MailQueue: account notices', () => {
  beforeAll(() => Logger.overrideLogger(false));

  it('queues payouts and rejections only, each under the job id of its transaction and notice, kept a day once sent', async () => {
    const queue = new RecordingQueue<MailJob>();
    const mail = new MailQueue(queue.asQueue());
    const notice = (kind: 'deposit-approved' | 'referral-bonus' | 'withdrawal-paid' | 'deposit-rejected') => ({
      email: 'asha@gmail.com',
      username: 'asha',
      notice: {
        kind,
        amount: 100,
        transactionId: `TX${kind.length}`,
        ...(kind === 'deposit-rejected' ? { reason: 'No money' } : {}),
      },
      amountPaise: 10_000,
      reference: null,
    });
    await mail.sendAccountNotices([
      notice('deposit-approved'),
      notice('referral-bonus'),
      notice('withdrawal-paid'),
      notice('deposit-rejected'),
    ]);
    expect(queue.jobs.map((j) => [j.name, (j.data as PaymentNoticeMailJob).notice])).toEqual([
      ['payment-notice', 'withdrawal-paid'],
      ['payment-notice', 'deposit-rejected'],
    ]);
    expect(queue.jobs[1]!.data).toMatchObject({ to: 'asha@gmail.com', reason: 'No money', amountPaise: 10_000 });
    expect(queue.jobs[1]!.opts).toMatchObject({
      jobId: paymentNoticeJobId({ notice: 'deposit-rejected', transactionId: 'TX16' }),
      removeOnComplete: { age: 86_400 },
    });
    expect(paymentNoticeJobId({ notice: 'withdrawal-paid', transactionId: 'WDR1' })).not.toContain(':');
    // A player on a break or self-excluded is still told where their money went.
    expect(mailCategory('payment-notice')).toBe('transactional');
  });
});
