import { DEFAULT_LOGIN_STEP_UP, type LoginStepUp } from '../login-step-up.js';

/**
 * LoginStepUp counted in memory, per account as the real one: `policy.failures` failed sign-ins within the window
 * put the account in step-up, which lasts `holdMs` after the last failure; a code may be e-mailed at most every
 * `resendMs`. Times are `Date.now()` (jest's fake timers move it).
 */
export class CountingLoginStepUp {
  readonly policy = { ...DEFAULT_LOGIN_STEP_UP };
  private readonly failures = new Map<string, number[]>();
  private readonly until = new Map<string, number>();
  private readonly sentAt = new Map<string, number>();
  /** How many codes each account was allowed to be sent. */
  readonly sends = new Map<string, number>();

  failuresOf(accountKey: string): number {
    return (this.failures.get(accountKey) ?? []).filter((t) => t > Date.now() - this.policy.windowMs).length;
  }

  async required(accountKey: string): Promise<boolean> {
    return (this.until.get(accountKey) ?? 0) > Date.now();
  }

  async failed(accountKey: string): Promise<number> {
    const times = [
      ...(this.failures.get(accountKey) ?? []).filter((t) => t > Date.now() - this.policy.windowMs),
      Date.now(),
    ];
    this.failures.set(accountKey, times);
    if (times.length >= this.policy.failures || (await this.required(accountKey)))
      this.until.set(accountKey, Date.now() + this.policy.holdMs);
    return times.length;
  }

  async claimCodeSend(accountKey: string): Promise<boolean> {
    if ((this.sentAt.get(accountKey) ?? -Infinity) > Date.now() - this.policy.resendMs) return false;
    this.sentAt.set(accountKey, Date.now());
    this.sends.set(accountKey, (this.sends.get(accountKey) ?? 0) + 1);
    return true;
  }

  asLoginStepUp(): LoginStepUp {
    return this as unknown as LoginStepUp;
  }
}
