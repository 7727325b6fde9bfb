import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AppConfig } from '@app/config';
import { SIGN_IN_CODE_RESEND_MINUTES } from '@app/domain';
import { RedisService } from '@app/redis';

export interface LoginStepUpPolicy {
  /** Failed sign-ins of one account, from anywhere, within `windowMs` that put it in step-up. */
  failures: number;
  windowMs: number;
  /** Step-up lasts this long after the failure that started it, or after any later failure. */
  holdMs: number;
  /** A new code is e-mailed at most this often. */
  resendMs: number;
}

/** Ten failures in 15 minutes; step-up held for a day after the last failure; a code at most every 2 minutes. */
export const DEFAULT_LOGIN_STEP_UP: LoginStepUpPolicy = {
  failures: 10,
  windowMs: 15 * 60_000,
  holdMs: 24 * 60 * 60_000,
  resendMs: SIGN_IN_CODE_RESEND_MINUTES * 60_000,
};

// KEYS[1] = the account's failure count, KEYS[2] = its step-up marker. ARGV: failures, windowMs, holdMs.
const FAIL = `
local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if n >= tonumber(ARGV[1]) or redis.call('EXISTS', KEYS[2]) == 1 then redis.call('SET', KEYS[2], '1', 'PX', ARGV[3]) end
return n`;

/**
 * Failed sign-ins bounded per account, across every network: once an account has had ten in 15 minutes, every new
 * sign-in to it needs the right password and a code e-mailed to its owner (OtpService, purpose `login`) until a day
 * has passed without a failure. The owner is never locked out (the code reaches them), and a guesser gets nowhere:
 * every attempt is answered with the same challenge, right password or not, and the code is e-mailed only when the
 * password was right, at most every 2 minutes. Shared by every api node (Redis); accounts are named by their e-mail
 * identity, so an unknown address behaves exactly like a known one. Off with RATE_LIMITS=false.
 */
@Injectable()
export class LoginStepUp {
  readonly policy: LoginStepUpPolicy = { ...DEFAULT_LOGIN_STEP_UP };

  constructor(
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private key(kind: 'loginAccountFailures' | 'loginStepUp' | 'loginCodeSent', accountKey: string): string {
    // Hashed: no e-mail address in key names. The keys of one account share a slot on a cluster (one script takes
    // them together).
    const digest = createHash('sha256').update(accountKey).digest('base64url').slice(0, 24);
    return this.redis.keys.rateLimit(kind, digest, `step-up:${digest}`);
  }

  /** True while a sign-in to this account needs an e-mailed code. */
  async required(accountKey: string): Promise<boolean> {
    if (!this.config.RATE_LIMITS) return false;
    return (await this.redis.client.exists(this.key('loginStepUp', accountKey))) === 1;
  }

  /** Counts a failed sign-in of the account (wherever it came from); returns its failures in the window. */
  async failed(accountKey: string): Promise<number> {
    if (!this.config.RATE_LIMITS) return 0;
    const { failures, windowMs, holdMs } = this.policy;
    const keys = [this.key('loginAccountFailures', accountKey), this.key('loginStepUp', accountKey)];
    return Number(
      await this.redis.client.eval(FAIL, keys.length, ...keys, String(failures), String(windowMs), String(holdMs)),
    );
  }

  /** True when a code may be e-mailed now (and then not again for `resendMs`). */
  async claimCodeSend(accountKey: string): Promise<boolean> {
    if (!this.config.RATE_LIMITS) return true;
    return (
      (await this.redis.client.set(this.key('loginCodeSent', accountKey), '1', 'PX', this.policy.resendMs, 'NX')) ===
      'OK'
    );
  }
}
