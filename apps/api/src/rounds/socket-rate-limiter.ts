/** A token bucket: `burst` at once, refilled at `perSecond`. */
export class TokenBucket {
  private tokens: number;
  private updated: number;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
    now = Date.now(),
  ) {
    this.tokens = burst;
    this.updated = now;
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.burst, this.tokens + (Math.max(0, now - this.updated) / 1000) * this.perSecond);
    this.updated = now;
  }

  take(now = Date.now()): boolean {
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Full again: forgetting it changes nothing. */
  isFull(now = Date.now()): boolean {
    this.refill(now);
    return this.tokens >= this.burst;
  }
}

export interface SocketLimits {
  /** Messages per second a socket may send, and at once. */
  perSecond: number;
  burst: number;
  /** Dropped messages a socket may pile up (forgiven at `forgivenPerSecond`) before it is disconnected. */
  dropsBeforeDisconnect: number;
  forgivenPerSecond: number;
  /** At most one slow-down notice per this many ms, however many messages are dropped. */
  noticeEveryMs: number;
}

/** What to do with one message of a socket. */
export type SocketVerdict = 'pass' | 'drop' | 'notify' | 'disconnect';

/**
 * The limit of one socket (in memory: a socket lives on one node). Within its rate a message passes; past it the
 * message is dropped, silently except for one slow-down notice per `noticeEveryMs` (a flood must not be answered
 * message for message). Each drop is a strike; strikes are forgiven at `forgivenPerSecond`, and a socket whose
 * strikes pass `dropsBeforeDisconnect` is flooding and is disconnected: a socket sending at twice its allowance is
 * cut off about a second after its burst runs out, one sending hundreds a second within milliseconds.
 */
export class SocketRateLimiter {
  private readonly messages: TokenBucket;
  private readonly strikes: TokenBucket;
  private lastNotice = -Infinity;
  /** Messages dropped over the socket's life. */
  dropped = 0;

  constructor(
    private readonly limits: SocketLimits,
    now = Date.now(),
  ) {
    this.messages = new TokenBucket(limits.perSecond, limits.burst, now);
    this.strikes = new TokenBucket(limits.forgivenPerSecond, limits.dropsBeforeDisconnect, now);
  }

  /** A message arrived; `allowedElsewhere` false when another limit (e.g. the player's bets) refused it. */
  check(now = Date.now(), allowedElsewhere = () => true): SocketVerdict {
    if (this.messages.take(now) && allowedElsewhere()) return 'pass';
    return this.drop(now);
  }

  private drop(now: number): SocketVerdict {
    this.dropped += 1;
    if (!this.strikes.take(now)) return 'disconnect';
    if (now - this.lastNotice < this.limits.noticeEveryMs) return 'drop';
    this.lastNotice = now;
    return 'notify';
  }
}

/**
 * A limit per player on this node (e.g. place-bet across all of the player's sockets here). Buckets that have
 * filled up again are forgotten by `sweep`, so the map holds only players who used some of their allowance lately,
 * and reconnecting does not reset anything.
 */
export class PlayerRateLimiter {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  take(playerId: string, now = Date.now()): boolean {
    let bucket = this.buckets.get(playerId);
    if (!bucket) {
      bucket = new TokenBucket(this.perSecond, this.burst, now);
      this.buckets.set(playerId, bucket);
    }
    return bucket.take(now);
  }

  sweep(now = Date.now()): void {
    for (const [playerId, bucket] of this.buckets) if (bucket.isFull(now)) this.buckets.delete(playerId);
  }

  get size(): number {
    return this.buckets.size;
  }
}
