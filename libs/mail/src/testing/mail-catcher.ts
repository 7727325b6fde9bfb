import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

export interface MailCatcher {
  /** SMTP port (smtp://127.0.0.1:port). */
  port: number;
  /** HTTP endpoint listing caught mail as JSON: GET {apiUrl}?to=address */
  apiUrl: string;
  messages: CaughtMail[];
  /** Resolves with the newest message to `address` received after `since` (ms), waiting up to `timeoutMs`. */
  waitFor(address: string, options?: { since?: number; timeoutMs?: number }): Promise<CaughtMail>;
  stop(): Promise<void>;
}

/** A real SMTP server that keeps every message it receives (tests read one-time codes from it). */
export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            receivedAt: Date.now(),
          });
          waiters.forEach((w) => w());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;

  const http: Server = createServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to')?.toLowerCase();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(to ? messages.filter((m) => m.to.includes(to)) : messages));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}/messages`;

  const find = (address: string, since: number) =>
    [...messages].reverse().find((m) => m.to.includes(address.toLowerCase()) && m.receivedAt >= since);

  return {
    port,
    apiUrl,
    messages,
    waitFor(address, { since = 0, timeoutMs = 15_000 } = {}) {
      const found = find(address, since);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = find(address, since);
          if (m) {
            clearTimeout(timer);
            waiters.delete(check);
            resolve(m);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no e-mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    async stop() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
