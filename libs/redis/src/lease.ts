import type { RedisClient } from './redis.service.js';

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * A leadership lease in Redis (SET NX PX + compare-and-renew). Exactly one holder at a time; a holder that
 * stops renewing loses the lease after `ttlMs`, and a standby acquires it.
 */
export class Lease {
  constructor(
    private readonly redis: RedisClient,
    readonly key: string,
    readonly owner: string,
    readonly ttlMs: number,
  ) {}

  async acquire(): Promise<boolean> {
    return (await this.redis.set(this.key, this.owner, 'PX', this.ttlMs, 'NX')) === 'OK';
  }

  /** Extends the lease; false when it was lost (expired and taken by someone else). */
  async renew(): Promise<boolean> {
    return Number(await this.redis.eval(RENEW, 1, this.key, this.owner, String(this.ttlMs))) === 1;
  }

  async acquireOrRenew(): Promise<boolean> {
    return (await this.renew()) || (await this.acquire());
  }

  async release(): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key, this.owner);
  }

  async holder(): Promise<string | null> {
    return this.redis.get(this.key);
  }
}

const CLAIM = `if redis.call('get', KEYS[1]) == ARGV[1] then redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 else return 0 end`;

export interface FencedLeaseOptions {
  redis: RedisClient;
  /** Redis key of the lease. */
  key: string;
  /** Name of the leased role (the fencing token's name). */
  name: string;
  owner: string;
  ttlMs: number;
  /**
   * Issues the next fencing token of `name` (monotonically increasing, e.g. Postgres `UPDATE … RETURNING`). Called
   * only while this process holds the lease in Redis, so the newest token always belongs to the newest holder.
   */
  nextToken: (name: string) => Promise<number>;
  /** How often a process without the lease tries to win it (default: a twelfth of the TTL, at most 250 ms). */
  retryMs?: number;
  onAcquired?: (token: number) => void;
  onLost?: (reason: string) => void;
  onError?: (error: Error) => void;
}

/**
 * A leadership lease carrying a fencing token, renewed on its own timer (a third of the TTL), independent of the
 * work the leader does: a slow or blocked work loop never lets the lease lapse, and a process that was frozen
 * finds, on waking, that its lease lapsed (`held` turns false at once, from the local clock) before it can act.
 *
 * Winning: SET NX with a provisional value, then a new token from `nextToken`, then the value becomes
 * `owner#token`. Every write of the leader must check that token in the same transaction (see the engine's
 * fencing): a leader that lost its lease fails its writes even if it does not know it yet.
 */
export class FencedLease {
  private timer?: NodeJS.Timeout;
  private running = false;
  private currentToken: number | null = null;
  private validUntil = 0;
  private busy: Promise<void> | null = null;

  constructor(private readonly options: FencedLeaseOptions) {}

  get name(): string {
    return this.options.name;
  }

  get key(): string {
    return this.options.key;
  }

  get owner(): string {
    return this.options.owner;
  }

  /** True while the lease is held and has not lapsed by the local clock. */
  get held(): boolean {
    return this.currentToken !== null && Date.now() < this.validUntil;
  }

  /** The fencing token while held, else null. */
  get token(): number | null {
    return this.held ? this.currentToken : null;
  }

  /** The value stored in Redis while held (`owner#token`): Redis-side checks compare against it. */
  get value(): string | null {
    return this.held ? `${this.options.owner}#${this.currentToken}` : null;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  /** Stops renewing; with `release`, gives the lease up at once (else it lapses after its TTL). */
  async stop(release = true): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.busy?.catch(() => {});
    const value = this.currentToken !== null ? `${this.options.owner}#${this.currentToken}` : null;
    this.currentToken = null;
    if (release && value) await this.options.redis.eval(RELEASE, 1, this.options.key, value).catch(() => {});
  }

  /** Gives up leadership (e.g. a write was refused by a newer token) and lets the lease go. */
  async drop(reason: string): Promise<void> {
    const value = this.currentToken !== null ? `${this.options.owner}#${this.currentToken}` : null;
    if (value === null) return;
    this.lose(reason);
    await this.options.redis.eval(RELEASE, 1, this.options.key, value).catch(() => {});
  }

  private schedule(ms: number): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.busy = this.beat()
        .catch((error: Error) => this.options.onError?.(error))
        .finally(() => {
          this.busy = null;
          this.schedule(
            this.currentToken !== null
              ? this.options.ttlMs / 3
              : (this.options.retryMs ?? Math.min(250, this.options.ttlMs / 12)),
          );
        });
    }, ms);
  }

  private lose(reason: string): void {
    if (this.currentToken === null) return;
    this.currentToken = null;
    this.validUntil = 0;
    this.options.onLost?.(reason);
  }

  private async beat(): Promise<void> {
    const { redis, key, owner, ttlMs } = this.options;
    if (this.currentToken !== null) {
      // A timer that fires after the lease's own expiry (the process was frozen): the lease is gone.
      if (Date.now() >= this.validUntil) return this.lose('lapsed');
      const started = Date.now();
      const renewed = Number(await redis.eval(RENEW, 1, key, `${owner}#${this.currentToken}`, String(ttlMs))) === 1;
      if (!this.running) return;
      if (renewed) this.validUntil = started + ttlMs;
      else this.lose('taken');
      return;
    }
    const started = Date.now();
    const pending = `${owner}#pending`;
    if ((await redis.set(key, pending, 'PX', ttlMs, 'NX')) !== 'OK') return;
    let token: number;
    try {
      token = await this.options.nextToken(this.options.name);
    } catch (error) {
      await redis.eval(RELEASE, 1, key, pending).catch(() => {});
      throw error;
    }
    if (!this.running || Date.now() - started >= ttlMs) {
      await redis.eval(RELEASE, 1, key, pending).catch(() => {});
      return;
    }
    if (Number(await redis.eval(CLAIM, 1, key, pending, `${owner}#${token}`, String(ttlMs))) !== 1) return;
    this.currentToken = token;
    this.validUntil = started + ttlMs;
    this.options.onAcquired?.(token);
  }
}
