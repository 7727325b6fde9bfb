import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { AppConfig } from '@app/config';
import type { MailMessage } from './otp-mail.js';

/**
 * Sends e-mail over SMTP (SMTP_URL). Without SMTP_URL nothing is sent and the message is written to the log:
 * in development with its text (so a developer can read a sign-up code locally), otherwise only the recipient
 * and subject line's purpose, never the text (it holds a one-time code).
 */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private readonly logger = new Logger('Mailer');
  private readonly transport?: Transporter;

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {
    if (config.SMTP_URL) this.transport = createTransport(config.SMTP_URL);
  }

  get enabled(): boolean {
    return this.transport !== undefined;
  }

  async send(message: MailMessage): Promise<void> {
    if (!this.transport) {
      if (this.config.NODE_ENV === 'development') {
        this.logger.log({
          msg: 'e-mail not sent (SMTP_URL is not set); its text follows',
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
      } else {
        this.logger.warn({ msg: 'e-mail not sent (SMTP_URL is not set)', to: message.to });
      }
      return;
    }
    await this.transport.sendMail({
      from: this.config.MAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
