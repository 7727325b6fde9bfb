import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AppConfig } from '@app/config';
import { RedisService } from '@app/redis';
import { AUTH_MESSAGES } from './auth-messages.js';
import { clientNetwork, clientWideNetwork } from './client-info.js';
import { TooManyRequests } from './rate-limiter.js';

export interface LoginBackoffPolicy {
  /** Wrong passwords from one client address for one account before it has to wait. */
  freeFailures: number;
  /** The wait after the last free failure; it doubles with every further failure. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A pair's count is forgotten this long after its last failure (or its block, if longer). */
  memoryMs: number;
  /**
   * An IPv6 /48 counts as one client for an account once this many of its /64s have failed on that account: its
   * failures together then wait like one client's (freeFailures, then firstDelayMs doubling).
   */
  wideNetworkClients: number;
}

/** Ten wrong passwords, then 1, 2, 4 … 60 minutes; forgotten a day after the last failure; a /48 of 4 failing /64s is one. */
export const DEFAULT_LOGIN_BACKOFF: LoginBackoffPolicy = {
  freeFailures: 10,
  firstDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  memoryMs: 24 * 60 * 60_000,
  wideNetworkClients: 4,
};

// Times are Redis's clock (one clock for every api node).
const NOW = `local t = redis.call('TIME'); local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

// KEYS: the pair's hash {failures, until}, and for IPv6 the (account, /48) pair's hash. Returns the longer wait (ms).
const WAIT = `${NOW}
local wait = 0
for i = 1, #KEYS do
  local untilMs = tonumber(redis.call('HGET', KEYS[i], 'until') or '0')
  if untilMs - now > wait then wait = untilMs - now end
end
return wait`;

// ARGV: freeFailures, firstDelayMs, maxDelayMs, memoryMs, wideNetworkClients, the client's /64. KEYS[1] = the pair
// (account, client network); for IPv6 also KEYS[2] = the pair (account, /48) and KEYS[3] = the set of its /64s that
// failed on the account. Counts the failure; returns the longest wait it imposes (ms), 0 for none.
const FAIL = `${NOW}
local free = tonumber(ARGV[1])
local function fail(key, counts)
  local failures = redis.call('HINCRBY', key, 'failures', 1)
  local wait = 0
  if counts and failures >= free then
    wait = math.floor(math.min(tonumber(ARGV[2]) * (2 ^ (failures - free)), tonumber(ARGV[3])))
    redis.call('HSET', key, 'until', string.format('%d', now + wait))
  end
  redis.call('PEXPIRE', key, math.max(tonumber(ARGV[4]), wait))
  return wait
end
local wait = fail(KEYS[1], true)
if #KEYS >= 3 then
  redis.call('SADD', KEYS[3], ARGV[6])
  redis.call('PEXPIRE', KEYS[3], tonumber(ARGV[4]))
  local wide = fail(KEYS[2], redis.call('SCARD', KEYS[3]) >= tonumber(ARGV[5]))
  if wide > wait then wait = wide end
end
return wait`;

/**
 * Wrong passwords slow down the pair (account, client address) that makes them, not the account: after ten, that
 * address waits a minute before its next try for that account, then twice as long after every further wrong one
 * (at most an hour); a successful login from it clears its count. The real owner, from another address, is never
 * held up by someone guessing elsewhere. An IPv6 client is its /64; and once four /64s of one /48 have failed on an
 * account, that /48 is one client too (its failures wait together), so a guesser cannot take a fresh /64 for every
 * few attempts. Guessing from many networks is bounded per account by LoginStepUp (an e-mailed code).
 * Accounts are named by their e-mail identity, so an unknown address is slowed exactly like a known one.
 */
@Injectable()
export class LoginBackoff {
  readonly policy: LoginBackoffPolicy = { ...DEFAULT_LOGIN_BACKOFF };

  constructor(
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private key(
    kind: 'loginBackoff' | 'loginBackoffWide' | 'loginBackoffWideClients',
    accountKey: string,
    network: string,
  ): string {
    // Hashed: no e-mail or IP address in key names. The keys of one account share a slot on a cluster (one script
    // takes them together).
    const digest = createHash('sha256').update(`${accountKey}\n${network}`).digest('base64url').slice(0, 24);
    const account = createHash('sha256').update(accountKey).digest('base64url').slice(0, 12);
    return this.redis.keys.rateLimit(kind, digest, `login:${account}`);
  }

  /** The keys of a client's failures on an account: its own network's, and for IPv6 its /48's (and the /48's /64s). */
  private keys(accountKey: string, ip: string): string[] {
    const own = this.key('loginBackoff', accountKey, clientNetwork(ip));
    const wide = clientWideNetwork(ip);
    if (!wide) return [own];
    return [own, this.key('loginBackoffWide', accountKey, wide), this.key('loginBackoffWideClients', accountKey, wide)];
  }

  /** How long (ms) this address must still wait before trying this account again; 0 when it may. */
  async waitMs(accountKey: string, ip: string): Promise<number> {
    if (!this.config.RATE_LIMITS) return 0;
    const keys = this.keys(accountKey, ip).slice(0, 2);
    return Number(await this.redis.client.eval(WAIT, keys.length, ...keys));
  }

  /** 429 with the wait in whole minutes while this address has to wait. Call before checking the password. */
  async check(accountKey: string, ip: string): Promise<void> {
    const wait = await this.waitMs(accountKey, ip);
    if (wait > 0) throw new TooManyRequests(AUTH_MESSAGES.tooManyLogins(Math.max(1, Math.ceil(wait / 60_000))));
  }

  /** Counts a failed sign-in; returns the wait it imposes (ms, 0 for none). */
  async failed(accountKey: string, ip: string): Promise<number> {
    if (!this.config.RATE_LIMITS) return 0;
    const { freeFailures, firstDelayMs, maxDelayMs, memoryMs, wideNetworkClients } = this.policy;
    const keys = this.keys(accountKey, ip);
    const args = [freeFailures, firstDelayMs, maxDelayMs, memoryMs, wideNetworkClients].map(String);
    return Number(await this.redis.client.eval(FAIL, keys.length, ...keys, ...args, clientNetwork(ip)));
  }

  /** A successful sign-in clears its own network's count (a /48's stays: the others in it may still be guessing). */
  async succeeded(accountKey: string, ip: string): Promise<void> {
    if (!this.config.RATE_LIMITS) return;
    await this.redis.client.del(this.key('loginBackoff', accountKey, clientNetwork(ip)));
  }
}
