import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AppConfig } from '@app/config';
import { RedisService } from '@app/redis';
import { AUTH_MESSAGES } from './auth-messages.js';
import { clientNetwork } from './client-info.js';

export interface RateLimitPolicy {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
  message: (retryMinutes: number) => string;
  /** The subject is a client address, counted by its network (clientNetwork: an IPv6 /64 is one client). */
  perClient?: boolean;
}

/**
 * The identity limits. Generous enough for a person (and for test suites that sign in many players from one
 * address), tight enough to stop guessing. Per-address limits are keyed by the e-mail identity (emailIdentityKey),
 * so aliases of one address share them. Wrong passwords are slowed per account and client address (LoginBackoff).
 */
export const DEFAULT_RATE_LIMITS = {
  /** Login attempts per client address. */
  loginIp: { limit: 100, windowSeconds: 15 * 60, message: AUTH_MESSAGES.tooManyLogins, perClient: true },
  /** One-time codes e-mailed per address (registration and reset together). */
  otpSendEmail: { limit: 5, windowSeconds: 60 * 60, message: AUTH_MESSAGES.tooManyCodes },
  /** One-time codes e-mailed per client address. */
  otpSendIp: { limit: 30, windowSeconds: 60 * 60, message: AUTH_MESSAGES.tooManyCodes, perClient: true },
  /** Code checks (register step 2, reset verify) per client address. */
  otpCheckIp: { limit: 60, windowSeconds: 15 * 60, message: AUTH_MESSAGES.tooManyCodeChecks, perClient: true },
  /** Code checks per address (each code also allows only 5 wrong tries). */
  otpCheckEmail: { limit: 20, windowSeconds: 15 * 60, message: AUTH_MESSAGES.tooManyCodeChecks },
  /** Password resets per client address. */
  resetIp: { limit: 30, windowSeconds: 15 * 60, message: AUTH_MESSAGES.tooManyResets, perClient: true },
  /**
   * Refused password resets (no valid ticket) per address. Only refusals count and a valid ticket is never
   * stopped by it: otherwise whoever polls an address could block its owner's reset.
   */
  resetEmail: { limit: 10, windowSeconds: 15 * 60, message: AUTH_MESSAGES.tooManyResets },
  /**
   * Checks of a signed-in super-admin's password or authenticator code in the console (password change, enrolment,
   * recovery codes) per account: whoever holds a stolen session cannot guess on.
   */
  accountSecretChecks: { limit: 10, windowSeconds: 15 * 60, message: AUTH_MESSAGES.tooManySecretChecks },
} satisfies Record<string, RateLimitPolicy>;

export type RateLimitName = keyof typeof DEFAULT_RATE_LIMITS;

const HIT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

export class TooManyRequests extends HttpException {
  constructor(message: string) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * Fixed-window counters in Redis (keys from RedisKeys.rateLimit), shared by every api node. Switched off by
 * RATE_LIMITS=false. `policies` can be tuned at run time (tests shorten them).
 */
@Injectable()
export class RateLimiter {
  readonly policies: Record<RateLimitName, RateLimitPolicy> = structuredCloneLimits();

  constructor(
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private key(name: RateLimitName, subject: string): string {
    // Subjects (e-mail and IP addresses) are hashed: no personal data in key names.
    const counted = this.policies[name].perClient ? clientNetwork(subject) : subject;
    const digest = createHash('sha256').update(counted).digest('base64url').slice(0, 24);
    return this.redis.keys.rateLimit(name, digest);
  }

  /** Counts one attempt; throws 429 when this attempt is over the limit. */
  async hit(name: RateLimitName, subject: string): Promise<void> {
    if (!this.config.RATE_LIMITS) return;
    const policy = this.policies[name];
    const [count, ttlMs] = (await this.redis.client.eval(
      HIT,
      1,
      this.key(name, subject),
      String(policy.windowSeconds * 1000),
    )) as [number, number];
    if (count > policy.limit) throw new TooManyRequests(policy.message(Math.max(1, Math.ceil(ttlMs / 60_000))));
  }

  /** Throws 429 when the limit is already used up, without counting. */
  async check(name: RateLimitName, subject: string): Promise<void> {
    if (!this.config.RATE_LIMITS) return;
    const policy = this.policies[name];
    const key = this.key(name, subject);
    const [count, ttlMs] = await Promise.all([this.redis.client.get(key), this.redis.client.pttl(key)]);
    if (Number(count ?? 0) >= policy.limit)
      throw new TooManyRequests(policy.message(Math.max(1, Math.ceil(ttlMs / 60_000))));
  }

  async reset(name: RateLimitName, subject: string): Promise<void> {
    if (!this.config.RATE_LIMITS) return;
    await this.redis.client.del(this.key(name, subject));
  }
}

function structuredCloneLimits(): Record<RateLimitName, RateLimitPolicy> {
  const copy = {} as Record<RateLimitName, RateLimitPolicy>;
  for (const [name, policy] of Object.entries(DEFAULT_RATE_LIMITS)) copy[name as RateLimitName] = { ...policy };
  return copy;
}
