/**
 * A token bucket per socket: `burst` messages at once, refilled at `perSecond`. In memory, because a socket
 * lives on one node.
 */
export class SocketRateLimiter {
  private tokens: number;
  private updated = Date.now();
  /** Messages dropped since the last allowed one. */
  dropped = 0;

  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {
    this.tokens = burst;
  }

  take(now = Date.now()): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.updated) / 1000) * this.perSecond);
    this.updated = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.dropped = 0;
      return true;
    }
    this.dropped++;
    return false;
  }
}
