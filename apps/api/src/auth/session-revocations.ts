import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { RedisService } from '@app/redis';

/**
 * Revoked sessions, as seen by access-token checks. Revoking a session (logout, password reset, refresh-token
 * reuse) writes a marker that outlives every access token issued for it (their lifetime plus a minute), so a
 * still-unexpired token of that session stops working at once on every node. The sessions table stays the
 * record; the marker is only the fast path.
 */
@Injectable()
export class SessionRevocations {
  constructor(
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private key(sessionId: string): string {
    return this.redis.keys.revokedSession(sessionId);
  }

  async markRevoked(sessionIds: readonly string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    const ttl = this.config.ACCESS_TOKEN_TTL_SECONDS + 60;
    // Each marker stands alone (on a cluster they are in different slots): sent together, auto-pipelined.
    await Promise.all(sessionIds.map((id) => this.redis.client.set(this.key(id), '1', 'EX', ttl)));
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    return (await this.redis.client.exists(this.key(sessionId))) === 1;
  }
}
