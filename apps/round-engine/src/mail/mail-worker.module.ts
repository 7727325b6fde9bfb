import { Module } from '@nestjs/common';
import { Mailer, MailQueueModule } from '@app/mail';
import { MailProcessor } from './mail.processor.js';

/** The e-mail worker: consumes the mail queue the api nodes fill and sends over SMTP. Exports the queue (its depth is a gauge). */
@Module({
  imports: [MailQueueModule],
  providers: [Mailer, MailProcessor],
  exports: [MailQueueModule],
})
export class MailWorkerModule {}
