import { JwtService } from '@nestjs/jwt';
import { loadConfig, type AppConfig } from '@app/config';
import { MailQueue, type OtpMailJob } from '@app/mail';
import { inMemoryDatabase, RecordingQueue } from '@app/testing/fakes';
import type { PlayBreak } from '@app/domain';
import { type PlayBreakNow, type PlayBreakRepository } from '../../play-breaks/play-break.repository.js';
import { WithdrawTokenService } from '../../play-breaks/withdraw-token.service.js';
import { runningPlayBreak } from '@app/domain';
import type { SocketAuthService } from '../../realtime/socket-auth.service.js';
import { AccessTokenService } from '../access-token.service.js';
import { OtpService } from '../otp.service.js';
import { SecondFactorService } from '../second-factor.service.js';
import type { SessionRevocations } from '../session-revocations.js';
import { SessionService } from '../session.service.js';
import { CountingLoginBackoff } from './counting-login-backoff.js';
import { CountingLoginStepUp } from './counting-login-step-up.js';
import { CountingRateLimiter } from './counting-rate-limiter.js';
import { InMemoryAccounts } from './in-memory-accounts.js';
import { InMemoryOtpStore } from './in-memory-otp-store.js';
import { InMemoryResetTickets } from './in-memory-reset-tickets.js';
import { InMemorySecondFactors } from './in-memory-second-factors.js';
import { InMemorySessionStore } from './in-memory-session-store.js';

/**
 * The identity services wired by hand on in-memory stores, for unit tests: accounts, sessions, one-time codes, reset
 * tickets and second factors share one in-memory database (a failing transaction rolls them all back); e-mails land in `mail`,
 * revoked sessions in `revoked`, disconnected players in `disconnected`.
 */
export function authWorld(env: Record<string, string> = {}) {
  const config: AppConfig = loadConfig(env);
  const accounts = new InMemoryAccounts();
  const sessions = new InMemorySessionStore();
  const codes = new InMemoryOtpStore();
  const tickets = new InMemoryResetTickets();
  const factors = new InMemorySecondFactors();
  const db = inMemoryDatabase(accounts, sessions, codes, tickets, factors);
  const limits = new CountingRateLimiter();
  const backoff = new CountingLoginBackoff();
  const stepUp = new CountingLoginStepUp();
  // Sign-in and sign-up send one-time codes only: the recorded jobs are read as such.
  const mail = new RecordingQueue<OtpMailJob>();
  const revoked: string[] = [];
  const disconnected: string[] = [];
  const tokens = new AccessTokenService(new JwtService({ secret: 'unit-secret-unit-secret-unit-secret' }), config);
  const otp = new OtpService(db, codes, new MailQueue(mail.asQueue() as never), limits.asRateLimiter(), config);
  const secondFactor = new SecondFactorService(db, factors, limits.asRateLimiter(), config);
  // Breaks and self-exclusions by player (the latest one), as the login and the refresh read them.
  const breaksByUser = new Map<string, PlayBreak>();
  const playBreaks = {
    latest: async (_db: unknown, userId: string, nowMs = Date.now()): Promise<PlayBreakNow | undefined> => {
      const latest = breaksByUser.get(userId);
      return latest ? { id: '1', latest, running: runningPlayBreak(latest, nowMs) } : undefined;
    },
  } as unknown as PlayBreakRepository;
  const sessionService = new SessionService(
    db,
    sessions,
    tokens,
    { markRevoked: async (ids: readonly string[]) => void revoked.push(...ids) } as SessionRevocations,
    { disconnectUser: (userId: string) => void disconnected.push(userId) } as SocketAuthService,
    config,
    playBreaks,
  );
  const withdrawTokens = new WithdrawTokenService(config);
  return {
    config,
    db,
    accounts,
    sessions,
    codes,
    tickets,
    factors,
    limits,
    backoff,
    stepUp,
    mail,
    revoked,
    disconnected,
    tokens,
    otp,
    secondFactor,
    sessionService,
    breaksByUser,
    playBreaks,
    withdrawTokens,
  };
}
