import { AUTH_MESSAGES } from '../auth-messages.js';
import { DEFAULT_LOGIN_BACKOFF, type LoginBackoff } from '../login-backoff.js';
import { TooManyRequests } from '../rate-limiter.js';

/**
 * LoginBackoff counted in memory, per (account, client address) pair as the real one: after `freeFailures` wrong
 * passwords the pair has to wait (here until a success or `forget`, since no time passes), a success clears it.
 */
export class CountingLoginBackoff {
  readonly policy = { ...DEFAULT_LOGIN_BACKOFF };
  private readonly failures = new Map<string, number>();

  failuresOf(accountKey: string, ip: string): number {
    return this.failures.get(`${accountKey}\n${ip}`) ?? 0;
  }

  async check(accountKey: string, ip: string): Promise<void> {
    if (this.failuresOf(accountKey, ip) >= this.policy.freeFailures)
      throw new TooManyRequests(AUTH_MESSAGES.tooManyLogins(Math.ceil(this.policy.firstDelayMs / 60_000)));
  }

  async failed(accountKey: string, ip: string): Promise<number> {
    const n = this.failuresOf(accountKey, ip) + 1;
    this.failures.set(`${accountKey}\n${ip}`, n);
    return n >= this.policy.freeFailures ? this.policy.firstDelayMs : 0;
  }

  async succeeded(accountKey: string, ip: string): Promise<void> {
    this.failures.delete(`${accountKey}\n${ip}`);
  }

  asLoginBackoff(): LoginBackoff {
    return this as unknown as LoginBackoff;
  }
}
