import { Module } from '@nestjs/common';
import { Mailer, MailQueueModule } from '@app/mail';
import { MailProcessor } from './mail.processor.js';

/** The e-mail worker: consumes the mail queue the api nodes fill and sends over SMTP. */
@Module({
  imports: [MailQueueModule],
  providers: [Mailer, MailProcessor],
})
export class MailWorkerModule {}
