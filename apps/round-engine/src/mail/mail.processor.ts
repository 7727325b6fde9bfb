import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import {
  MAIL_CONFIG_KEY,
  MAIL_QUEUE,
  Mailer,
  renderDisputeAnsweredMail,
  renderOtpMail,
  renderPaymentNoticeMail,
  type MailJob,
} from '@app/mail';

/**
 * Sends queued e-mails. At-least-once: a job whose SMTP hand-off fails is retried with back-off; a retry after a
 * lost acknowledgement may deliver the same code twice, which is harmless (the code is the same). A payment notice is
 * queued once per transaction and notice (its job id), so it is sent once unless such a retry repeats it.
 */
@Processor({ name: MAIL_QUEUE, configKey: MAIL_CONFIG_KEY }, { concurrency: 4 })
export class MailProcessor extends WorkerHost {
  private readonly logger = new Logger('MailWorker');

  constructor(@Inject(Mailer) private readonly mailer: Mailer) {
    super();
  }

  async process(job: Job<MailJob>): Promise<void> {
    const data = job.data;
    if (data.kind !== 'otp' && data.kind !== 'dispute-answered' && data.kind !== 'payment-notice') {
      this.logger.warn({ msg: 'unknown mail job dropped', jobId: job.id, kind: (data as { kind?: unknown }).kind });
      return;
    }
    try {
      if (data.kind === 'otp') {
        await this.mailer.send(renderOtpMail(data));
        this.logger.log({
          msg: 'one-time code e-mailed',
          jobId: job.id,
          purpose: data.purpose,
          attempt: job.attemptsMade + 1,
        });
      } else if (data.kind === 'payment-notice') {
        await this.mailer.send(renderPaymentNoticeMail(data));
        this.logger.log({
          msg: 'payment notice e-mailed',
          jobId: job.id,
          notice: data.notice,
          transactionId: data.transactionId,
          attempt: job.attemptsMade + 1,
        });
      } else {
        await this.mailer.send(renderDisputeAnsweredMail(data));
        this.logger.log({ msg: 'dispute answer e-mailed', jobId: job.id, attempt: job.attemptsMade + 1 });
      }
    } catch (error) {
      this.logger.warn({
        msg: 'e-mail delivery failed; will retry',
        jobId: job.id,
        attempt: job.attemptsMade + 1,
        error: (error as Error).message,
      });
      throw error;
    }
  }
}
