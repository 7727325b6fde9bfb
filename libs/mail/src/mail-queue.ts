import { BullModule, InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, Module } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { AccountNotice, PlayerLanguage } from '@app/contracts';
import { AppConfig } from '@app/config';
import { bullConnection, redisKeys } from '@app/redis';
import { mayReceiveMail, type MailCategory, type RunningPlayBreak } from '@app/domain';
import type { DisputeAnsweredMailJob } from './dispute-mail.js';
import { isMailedNotice, paymentNoticeJobId, type PaymentNoticeMailJob } from './payment-mail.js';
import type { MailJob, OtpMailJob } from './otp-mail.js';

/** Name of the e-mail queue, and the BullMQ configuration key it lives under (kept apart from other queues). */
export const MAIL_QUEUE = 'mail';
export const MAIL_CONFIG_KEY = 'mail';

/** Delivery retries: 6 tries over about two minutes (2 s, 4 s, 8 s, … exponential back-off). */
export const MAIL_JOB_OPTIONS = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 2_000 },
  // The job holds a one-time code in clear: drop it as soon as it is sent, and failed ones after an hour
  // (long after the code has expired).
  removeOnComplete: true,
  removeOnFail: { age: 3_600 },
} as const;

/**
 * Which kinds of mail are transactional: a player on a break or self-excluded still gets them (one-time codes, and
 * payouts and rejections of their payments). Every kind not listed here is promotional, and skipped for such a player
 * (docs/breaks-and-exclusion.md): a new kind of mail has to be classified to reach them.
 */
export const TRANSACTIONAL_MAIL: ReadonlySet<string> = new Set<MailJob['kind']>(['otp', 'payment-notice']);

export function mailCategory(kind: string): MailCategory {
  return TRANSACTIONAL_MAIL.has(kind) ? 'transactional' : 'promotional';
}

/** Producer side: api nodes enqueue e-mails here; the round engine's mail worker sends them. */
@Injectable()
export class MailQueue {
  private readonly logger = new Logger('MailQueue');

  constructor(@InjectQueue(MAIL_QUEUE) private readonly queue: Queue<MailJob>) {}

  async sendOtp(job: Omit<OtpMailJob, 'kind'>): Promise<void> {
    await this.enqueue({ kind: 'otp', ...job });
  }

  /**
   * The one place mail is queued. Transactional mail always goes; any other mail goes only to a recipient whose break
   * or self-exclusion state (`recipient.away`, null when nothing runs) and open care flags (`recipient.careFlagged`,
   * docs/care-signals.md) the caller read, and only when neither holds — without them, it is skipped (closed by
   * default). Returns whether the mail was queued.
   */
  async enqueue(
    job: MailJob,
    recipient?: { readonly away: RunningPlayBreak | null; readonly careFlagged: boolean },
  ): Promise<boolean> {
    const category = mailCategory(job.kind);
    if (
      category !== 'transactional' &&
      (!recipient || !mayReceiveMail(category, recipient.away, recipient.careFlagged))
    ) {
      this.logger.log({
        msg: 'promotional e-mail skipped',
        kind: job.kind,
        reason: !recipient ? 'recipient unknown' : recipient.away ? 'play-break' : 'care-flag',
      });
      return false;
    }
    await this.queue.add(job.kind, job, MAIL_JOB_OPTIONS);
    return true;
  }

  /** A dispute's answer, to its player (transactional). Kept a day when it cannot be delivered. */
  async sendDisputeAnswered(job: Omit<DisputeAnsweredMailJob, 'kind'>): Promise<void> {
    await this.queue.add(
      'dispute-answered',
      { kind: 'dispute-answered', ...job },
      { ...MAIL_JOB_OPTIONS, removeOnFail: { age: 86_400 } },
    );
  }

  /**
   * A payout or a rejection, to its player (transactional). Idempotent: the job id is the transaction's and the
   * notice's, and a sent job is kept a day, so a second enqueue of the same notice (the outbox relay after the
   * writer) queues nothing.
   */
  async sendPaymentNotice(job: Omit<PaymentNoticeMailJob, 'kind'>): Promise<void> {
    await this.queue.add(
      'payment-notice',
      { kind: 'payment-notice', ...job },
      {
        ...MAIL_JOB_OPTIONS,
        jobId: paymentNoticeJobId(job),
        removeOnComplete: { age: 86_400 },
        removeOnFail: { age: 86_400 },
      },
    );
  }

  /**
   * The e-mails of these account notices: a payout, and a deposit or withdrawal rejected (the other notices are
   * in-app only). Idempotent, as `sendPaymentNotice`.
   */
  async sendAccountNotices(
    notices: readonly {
      email: string;
      username: string;
      notice: AccountNotice;
      amountPaise: number;
      reference: string | null;
      language?: PlayerLanguage;
    }[],
  ): Promise<void> {
    for (const { email, username, notice, amountPaise, reference, language } of notices) {
      if (!isMailedNotice(notice.kind)) continue;
      await this.sendPaymentNotice({
        notice: notice.kind,
        to: email,
        username,
        transactionId: notice.transactionId,
        amountPaise,
        reason: notice.reason ?? null,
        reference,
        language: language ?? 'en-IN',
      });
    }
  }

  /** The underlying queue (operations and tests). */
  get bull(): Queue<MailJob> {
    return this.queue;
  }
}

/** The e-mail queue on the deployment's Redis, under its BullMQ prefix. Import it to enqueue or to process. */
@Module({
  imports: [
    BullModule.forRootAsync(MAIL_CONFIG_KEY, {
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        // A Redis Cluster's connection and a hash-tagged prefix when REDIS_CLUSTER_NODES is set (docs/redis-cluster.md).
        connection: bullConnection(config),
        prefix: redisKeys(config).bullPrefix,
      }),
    }),
    BullModule.registerQueue({ name: MAIL_QUEUE, configKey: MAIL_CONFIG_KEY }),
  ],
  providers: [MailQueue],
  exports: [MailQueue, BullModule],
})
export class MailQueueModule {}
