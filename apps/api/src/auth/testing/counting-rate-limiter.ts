import {
  DEFAULT_RATE_LIMITS,
  TooManyRequests,
  type RateLimiter,
  type RateLimitName,
  type RateLimitPolicy,
} from '../rate-limiter.js';

/**
 * The rate limits counted in memory with the production policies (fixed windows that never roll over here), for
 * unit tests of services that count attempts: `hits` shows which limits were counted against which subject
 * (subjects are counted as given; the real limiter counts a client address by its network).
 */
export class CountingRateLimiter {
  readonly policies: Record<RateLimitName, RateLimitPolicy> = { ...DEFAULT_RATE_LIMITS };
  readonly hits: [RateLimitName, string][] = [];
  private readonly counts = new Map<string, number>();

  async hit(name: RateLimitName, subject: string): Promise<void> {
    this.hits.push([name, subject]);
    const key = `${name}:${subject}`;
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    const policy = this.policies[name];
    if (count > policy.limit) throw new TooManyRequests(policy.message(Math.ceil(policy.windowSeconds / 60)));
  }

  async check(name: RateLimitName, subject: string): Promise<void> {
    const policy = this.policies[name];
    if ((this.counts.get(`${name}:${subject}`) ?? 0) >= policy.limit)
      throw new TooManyRequests(policy.message(Math.ceil(policy.windowSeconds / 60)));
  }

  async reset(name: RateLimitName, subject: string): Promise<void> {
    this.counts.delete(`${name}:${subject}`);
  }

  asRateLimiter(): RateLimiter {
    return this as unknown as RateLimiter;
  }
}
