import type { Redis } from 'ioredis';

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * A leadership lease in Redis (SET NX PX + compare-and-renew). Exactly one holder at a time; a holder that
 * stops renewing loses the lease after `ttlMs`, and a standby acquires it.
 */
export class Lease {
  constructor(
    private readonly redis: Redis,
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
