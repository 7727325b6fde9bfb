import { BullModule, InjectQueue } from '@nestjs/bullmq';
import { Injectable, Module } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { AppConfig } from '@app/config';
import { RedisKeys } from '@app/redis';
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

/** Producer side: api nodes enqueue e-mails here; the round engine's mail worker sends them. */
@Injectable()
export class MailQueue {
  constructor(@InjectQueue(MAIL_QUEUE) private readonly queue: Queue<MailJob>) {}

  async sendOtp(job: Omit<OtpMailJob, 'kind'>): Promise<void> {
    await this.queue.add('otp', { kind: 'otp', ...job }, MAIL_JOB_OPTIONS);
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
        connection: { url: config.REDIS_URL, maxRetriesPerRequest: null },
        prefix: new RedisKeys(config.REDIS_PREFIX).bullPrefix,
      }),
    }),
    BullModule.registerQueue({ name: MAIL_QUEUE, configKey: MAIL_CONFIG_KEY }),
  ],
  providers: [MailQueue],
  exports: [MailQueue, BullModule],
})
export class MailQueueModule {}
