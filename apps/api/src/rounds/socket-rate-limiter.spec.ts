import { PlayerRateLimiter, SocketRateLimiter, TokenBucket } from './socket-rate-limiter.js';

const LIMITS = { perSecond: 10, burst: 20, dropsBeforeDisconnect: 10, forgivenPerSecond: 1, noticeEveryMs: 1000 };

describe('socket rate limits (pure)', () => {
  test('a token bucket gives its burst at once and then its rate', () => {
    const bucket = new TokenBucket(10, 20, 0);
    expect(Array.from({ length: 25 }, () => bucket.take(0)).filter(Boolean)).toHaveLength(20);
    expect(bucket.take(50)).toBe(false);
    expect(bucket.take(100)).toBe(true);
    expect(bucket.isFull(100)).toBe(false);
    expect(bucket.isFull(2100)).toBe(true);
  });

  test('past its burst a socket’s messages are dropped with one notice a second, and a flood is disconnected', () => {
    const limiter = new SocketRateLimiter(LIMITS, 0);
    const verdicts = Array.from({ length: 40 }, () => limiter.check(0));
    expect(verdicts.slice(0, 20)).toEqual(Array(20).fill('pass'));
    expect(verdicts[20]).toBe('notify');
    expect(verdicts.slice(21, 30)).toEqual(Array(9).fill('drop'));
    expect(verdicts[30]).toBe('disconnect');
  });

  test('a socket a little over its rate is forgiven a drop a second, and notified once a second', () => {
    const limiter = new SocketRateLimiter(LIMITS, 0);
    for (let i = 0; i < 20; i++) limiter.check(0);
    // 11 a second: one over the rate each second, forgiven.
    const verdicts: string[] = [];
    for (let ms = 0; ms < 10_000; ms += 1000 / 11) verdicts.push(limiter.check(ms));
    expect(verdicts).not.toContain('disconnect');
    expect(verdicts.filter((v) => v === 'notify').length).toBeLessThanOrEqual(10);
  });

  test('a message refused by another limit counts as dropped', () => {
    const limiter = new SocketRateLimiter(LIMITS, 0);
    expect(limiter.check(0, () => false)).toBe('notify');
    expect(limiter.check(0, () => false)).toBe('drop');
    expect(limiter.check(0)).toBe('pass');
    expect(limiter.dropped).toBe(2);
  });

  test('a player limit is shared by every socket of the player, and forgets only full buckets', () => {
    const limiter = new PlayerRateLimiter(5, 10);
    expect(Array.from({ length: 15 }, () => limiter.take('p1', 0)).filter(Boolean)).toHaveLength(10);
    expect(limiter.take('p2', 0)).toBe(true);
    // A second later p2 is full again (forgotten), p1 is not (kept: reconnecting resets nothing).
    limiter.sweep(1000);
    expect(limiter.size).toBe(1);
    expect(Array.from({ length: 10 }, () => limiter.take('p1', 1000)).filter(Boolean)).toHaveLength(5);
    limiter.sweep(10_000);
    expect(limiter.size).toBe(0);
  });
});
