import { Inject, Injectable, Logger } from '@nestjs/common';
import { MAX_SOCKETS_PER_PLAYER } from '@app/contracts';
import { RedisService } from '@app/redis';
import { PresenceService } from './presence.service.js';

/** How long a player's socket list outlives its last change (a list whose node died is also pruned on use). */
const LIST_TTL_MS = 7 * 24 * 3600_000;

/**
 * Adds a socket to its player's list and returns the sockets past the cap, oldest first (already removed from the
 * list). Sockets of api nodes that are no longer alive (presence) are dropped first: they are not live.
 * KEYS: the player's sockets, the live nodes. ARGV: "node socket-id", cap, ttl ms.
 */
const CONNECT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
  local node = string.match(member, '^(%S+) ')
  local alive = node and redis.call('ZSCORE', KEYS[2], node)
  if not alive or tonumber(alive) < now then redis.call('ZREM', KEYS[1], member) end
end
redis.call('ZADD', KEYS[1], tonumber(t[1]) * 1000000 + tonumber(t[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
local excess = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[2])
if excess <= 0 then return {} end
local oldest = redis.call('ZRANGE', KEYS[1], 0, excess - 1)
redis.call('ZREM', KEYS[1], unpack(oldest))
return oldest
`;

/**
 * Each player's live sockets across every api node, in one Redis sorted set per player (connect time on the Redis
 * clock, so the nodes' clocks do not matter): at most MAX_SOCKETS_PER_PLAYER. One atomic script per connection
 * adds the new socket and picks the oldest ones past the cap, so two connections racing on two nodes never leave
 * more than the cap. A socket is removed when it closes; the sockets of a node that died without closing them drop
 * out once its presence expires. Connections are far rarer than bets: one Redis round trip each is cheap.
 */
@Injectable()
export class PlayerSocketsService {
  private readonly logger = new Logger('PlayerSockets');
  cap: number = MAX_SOCKETS_PER_PLAYER;

  constructor(
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(PresenceService) private readonly presence: PresenceService,
  ) {}

  private member(socketId: string): string {
    return `${this.presence.nodeId} ${socketId}`;
  }

  /**
   * Counts a new socket of a player in; returns the ids of the player's sockets (on any node) that must close.
   * When Redis does not answer, the socket is let in (the cap is a guard, not a gate to the game).
   */
  async connected(userId: string, socketId: string): Promise<string[]> {
    try {
      const over = (await this.redis.client.eval(
        CONNECT,
        2,
        this.redis.keys.playerSockets(userId),
        this.redis.keys.presenceNodes,
        this.member(socketId),
        this.cap,
        LIST_TTL_MS,
      )) as string[];
      return over.map((member) => member.slice(member.indexOf(' ') + 1));
    } catch (error) {
      this.logger.warn({
        msg: 'socket cap not applied (Redis did not answer)',
        userId,
        error: (error as Error).message,
      });
      return [];
    }
  }

  disconnected(userId: string, socketId: string): void {
    this.redis.client.zrem(this.redis.keys.playerSockets(userId), this.member(socketId)).catch((error: Error) => {
      this.logger.warn({ msg: 'socket list update failed', userId, error: error.message });
    });
  }
}
