import { JwtService } from '@nestjs/jwt';
import { loadConfig, type AppConfig } from '@app/config';
import { MailQueue, type MailJob } from '@app/mail';
import { inMemoryDatabase, RecordingQueue } from '@app/testing/fakes';
import type { SocketAuthService } from '../../realtime/socket-auth.service.js';
import { AccessTokenService } from '../access-token.service.js';
import { OtpService } from '../otp.service.js';
import type { SessionRevocations } from '../session-revocations.js';
import { SessionService } from '../session.service.js';
import { CountingLoginBackoff } from './counting-login-backoff.js';
import { CountingRateLimiter } from './counting-rate-limiter.js';
import { InMemoryAccounts } from './in-memory-accounts.js';
import { InMemoryOtpStore } from './in-memory-otp-store.js';
import { InMemoryResetTickets } from './in-memory-reset-tickets.js';
import { InMemorySessionStore } from './in-memory-session-store.js';

/**
 * The identity services wired by hand on in-memory stores, for unit tests: accounts, sessions, one-time codes and
 * reset tickets share one in-memory database (a failing transaction rolls them all back); e-mails land in `mail`,
 * revoked sessions in `revoked`, disconnected players in `disconnected`.
 */
export function authWorld(env: Record<string, string> = {}) {
  const config: AppConfig = loadConfig(env);
  const accounts = new InMemoryAccounts();
  const sessions = new InMemorySessionStore();
  const codes = new InMemoryOtpStore();
  const tickets = new InMemoryResetTickets();
  const db = inMemoryDatabase(accounts, sessions, codes, tickets);
  const limits = new CountingRateLimiter();
  const backoff = new CountingLoginBackoff();
  const mail = new RecordingQueue<MailJob>();
  const revoked: string[] = [];
  const disconnected: string[] = [];
  const tokens = new AccessTokenService(new JwtService({ secret: 'unit-secret-unit-secret-unit-secret' }), config);
  const otp = new OtpService(db, codes, new MailQueue(mail.asQueue()), limits.asRateLimiter(), config);
  const sessionService = new SessionService(
    db,
    sessions,
    tokens,
    { markRevoked: async (ids: readonly string[]) => void revoked.push(...ids) } as SessionRevocations,
    { disconnectUser: (userId: string) => void disconnected.push(userId) } as SocketAuthService,
    config,
  );
  return { config, db, accounts, sessions, codes, tickets, limits, backoff, mail, revoked, disconnected, tokens, otp, sessionService };
}
