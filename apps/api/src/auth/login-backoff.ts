import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AppConfig } from '@app/config';
import { RedisService } from '@app/redis';
import { AUTH_MESSAGES } from './auth-messages.js';
import { clientNetwork } from './client-info.js';
import { TooManyRequests } from './rate-limiter.js';

export interface LoginBackoffPolicy {
  /** Wrong passwords from one client address for one account before it has to wait. */
  freeFailures: number;
  /** The wait after the last free failure; it doubles with every further failure. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A pair's count is forgotten this long after its last failure (or its block, if longer). */
  memoryMs: number;
}

/** Ten wrong passwords, then 1, 2, 4 … 60 minutes; forgotten a day after the last failure. */
export const DEFAULT_LOGIN_BACKOFF: LoginBackoffPolicy = {
  freeFailures: 10,
  firstDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  memoryMs: 24 * 60 * 60_000,
};

// KEYS[1] = the pair's hash {failures, until}. Times are Redis's clock (one clock for every api node).
const NOW = `local t = redis.call('TIME'); local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

const WAIT = `${NOW}
local untilMs = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
if untilMs > now then return untilMs - now end
return 0`;

// ARGV: freeFailures, firstDelayMs, maxDelayMs, memoryMs. Returns the wait now imposed (ms), 0 for none.
const FAIL = `${NOW}
local failures = redis.call('HINCRBY', KEYS[1], 'failures', 1)
local free = tonumber(ARGV[1])
local wait = 0
if failures >= free then
  wait = math.floor(math.min(tonumber(ARGV[2]) * (2 ^ (failures - free)), tonumber(ARGV[3])))
  redis.call('HSET', KEYS[1], 'until', string.format('%d', now + wait))
end
redis.call('PEXPIRE', KEYS[1], math.max(tonumber(ARGV[4]), wait))
return wait`;

/**
 * Wrong passwords slow down the pair (account, client address) that makes them, not the account: after ten, that
 * address waits a minute before its next try for that account, then twice as long after every further wrong one
 * (at most an hour); a successful login from it clears its count. The real owner, from another address, is never
 * held up by someone guessing elsewhere; guessing from many addresses is bounded by the per-address login limit.
 * Accounts are named by their e-mail identity, so an unknown address is slowed exactly like a known one.
 */
@Injectable()
export class LoginBackoff {
  readonly policy: LoginBackoffPolicy = { ...DEFAULT_LOGIN_BACKOFF };

  constructor(
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private key(accountKey: string, ip: string): string {
    // Hashed: no e-mail or IP address in key names. An IPv6 /64 is one client (clientNetwork).
    const digest = createHash('sha256').update(`${accountKey}\n${clientNetwork(ip)}`).digest('base64url').slice(0, 24);
    return this.redis.keys.rateLimit('loginBackoff', digest);
  }

  /** How long (ms) this address must still wait before trying this account again; 0 when it may. */
  async waitMs(accountKey: string, ip: string): Promise<number> {
    if (!this.config.RATE_LIMITS) return 0;
    return Number(await this.redis.client.eval(WAIT, 1, this.key(accountKey, ip)));
  }

  /** 429 with the wait in whole minutes while this address has to wait. Call before checking the password. */
  async check(accountKey: string, ip: string): Promise<void> {
    const wait = await this.waitMs(accountKey, ip);
    if (wait > 0) throw new TooManyRequests(AUTH_MESSAGES.tooManyLogins(Math.max(1, Math.ceil(wait / 60_000))));
  }

  /** Counts a wrong password; returns the wait it imposes (ms, 0 for none). */
  async failed(accountKey: string, ip: string): Promise<number> {
    if (!this.config.RATE_LIMITS) return 0;
    const { freeFailures, firstDelayMs, maxDelayMs, memoryMs } = this.policy;
    const args = [freeFailures, firstDelayMs, maxDelayMs, memoryMs].map(String);
    return Number(await this.redis.client.eval(FAIL, 1, this.key(accountKey, ip), ...args));
  }

  async succeeded(accountKey: string, ip: string): Promise<void> {
    if (!this.config.RATE_LIMITS) return;
    await this.redis.client.del(this.key(accountKey, ip));
  }
}
