import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Role } from '@app/contracts';
import { RedisService } from '@app/redis';

/** Who a live socket belongs to (what the handshake proved). */
export interface PresenceUser {
  id: string;
  role: Role;
}

/** Most members one SADD carries when a node rewrites its sets. */
const SADD_CHUNK = 1000;
/** A presence read waits at most this long (commands queue while Redis is unreachable). */
const READ_TIMEOUT_MS = 2000;

export class PresenceUnavailableError extends Error {
  constructor() {
    super('presence is unavailable (Redis did not answer)');
  }
}

async function withTimeout<T>(read: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      read(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PresenceUnavailableError()), READ_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Heartbeat: marks this node alive until now + ttl (Redis clock, so the api nodes' clocks do not matter) and
 * extends its two sets. Returns the PEXPIRE results: 0 means a set is missing (expired while the node was frozen
 * or cut off, or Redis lost it) and must be rewritten from the node's own memory.
 * KEYS: nodes, players set, admins set. ARGV: node id, ttl ms.
 */
const HEARTBEAT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
return { redis.call('PEXPIRE', KEYS[2], ttl), redis.call('PEXPIRE', KEYS[3], ttl) }
`;

/**
 * Live nodes: drops nodes whose presence has expired and returns the others.
 * KEYS: nodes.
 */
const LIVE_NODES = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZRANGE', KEYS[1], 0, -1)
`;

/** Distinct members of the given sets (the per-node sets of the live nodes). KEYS: the sets. */
const UNION_COUNT = `return #redis.call('SUNION', unpack(KEYS))`;

/**
 * Who is online, across every api node, kept in Redis so that it survives a node's crash.
 *
 * Each node keeps in memory how many live sockets each signed-in user has on it, and mirrors the users (not the
 * sockets) into two Redis sets of its own, `presence:{node}` (players) and `presence-admins:{node}`. Every
 * heartbeat marks the node alive in `presence:nodes` until now + ttl and extends the sets' expiry to the same
 * ttl. A node that dies without saying goodbye stops heartbeating: it drops out of the count as soon as its
 * score passes (at most ttl later), and its sets expire on their own. A node that was frozen or cut off rewrites
 * its sets from memory on its next heartbeat. A clean shutdown removes the node at once.
 *
 * Counting takes the union of the live nodes' sets, so a player with sockets on several nodes counts once.
 */
@Injectable()
export class PresenceService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Presence');
  /** This process's id among the api nodes (unique per start). */
  readonly nodeId = `${hostname().replace(/[^\w.-]/g, '_')}-${process.pid}-${randomBytes(4).toString('hex')}`;
  /** How often the node says it is alive, and how long after its last heartbeat it stops counting (tests shorten them). */
  readonly timings = { heartbeatMs: 5_000, ttlMs: 15_000 };

  private readonly local = new Map<string, { role: Role; sockets: number }>();
  private timer?: NodeJS.Timeout;
  private beating?: Promise<void>;
  /** Set on shutdown or halt: nothing more is written. */
  private stopped = false;

  constructor(@Inject(RedisService) private readonly redis: RedisService) {}

  private get keys() {
    return {
      nodes: this.redis.keys.presenceNodes,
      players: this.redis.keys.presence(this.nodeId),
      admins: this.redis.keys.presenceAdmins(this.nodeId),
    };
  }

  private setOf(role: Role): string {
    return role === 'super-admin' ? this.keys.admins : this.keys.players;
  }

  onApplicationBootstrap(): void {
    this.schedule();
  }

  /** Changes the heartbeat and expiry (tests shorten them) and beats at once with the new expiry. */
  setTimings(timings: Partial<PresenceService['timings']>): Promise<void> {
    Object.assign(this.timings, timings);
    return this.schedule();
  }

  private schedule(): Promise<void> {
    clearInterval(this.timer);
    this.timer = setInterval(() => void this.heartbeat(), this.timings.heartbeatMs);
    this.timer.unref();
    // Not awaited at start: a node must come up (and report itself unhealthy) even while Redis is unreachable.
    return (this.beating ?? Promise.resolve()).then(() => this.heartbeat());
  }

  /** A signed-in socket connected to this node. */
  connected(user: PresenceUser): void {
    const entry = this.local.get(user.id);
    if (entry) {
      entry.sockets += 1;
      return;
    }
    this.local.set(user.id, { role: user.role, sockets: 1 });
    const key = this.setOf(user.role);
    // The expiry goes with every write, so a set recreated after it expired never outlives this node.
    this.write(() => this.redis.client.multi().sadd(key, user.id).pexpire(key, this.timings.ttlMs).exec());
  }

  /** A socket counted by `connected` closed. */
  disconnected(user: PresenceUser): void {
    const entry = this.local.get(user.id);
    if (!entry) return;
    entry.sockets -= 1;
    if (entry.sockets > 0) return;
    this.local.delete(user.id);
    this.write(() => this.redis.client.srem(this.setOf(entry.role), user.id));
  }

  /** Distinct signed-in players with at least one live socket on any live api node. */
  onlinePlayers(): Promise<number> {
    return withTimeout(async () => {
      const nodes = await this.liveNodes();
      if (nodes.length === 0) return 0;
      const sets = nodes.map((node) => this.redis.keys.presence(node));
      return Number(await this.redis.client.eval(UNION_COUNT, sets.length, ...sets));
    });
  }

  /** Whether a user has a live socket on any live api node. */
  isOnline(user: PresenceUser): Promise<boolean> {
    return withTimeout(async () => {
      const nodes = await this.liveNodes();
      if (nodes.length === 0) return false;
      const key = (node: string) =>
        user.role === 'super-admin' ? this.redis.keys.presenceAdmins(node) : this.redis.keys.presence(node);
      const pipeline = this.redis.client.pipeline();
      for (const node of nodes) pipeline.sismember(key(node), user.id);
      const results = (await pipeline.exec()) ?? [];
      return results.some(([error, member]) => !error && member === 1);
    });
  }

  private async liveNodes(): Promise<string[]> {
    return (await this.redis.client.eval(LIVE_NODES, 1, this.keys.nodes)) as string[];
  }

  /** One heartbeat (also run at start); rewrites this node's sets when Redis no longer has them. */
  heartbeat(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.beating ??= this.beat().finally(() => (this.beating = undefined));
    return this.beating;
  }

  private async beat(): Promise<void> {
    const { nodes, players, admins } = this.keys;
    try {
      const [playersKept, adminsKept] = (await this.redis.client.eval(
        HEARTBEAT,
        3,
        nodes,
        players,
        admins,
        this.nodeId,
        this.timings.ttlMs,
      )) as [number, number];
      const lost = (playersKept === 0 && this.count('user') > 0) || (adminsKept === 0 && this.count('super-admin') > 0);
      if (lost && !this.stopped) await this.rewrite();
    } catch (error) {
      this.logger.warn({ msg: 'presence heartbeat failed', error: (error as Error).message });
    }
  }

  private count(role: Role): number {
    let n = 0;
    for (const entry of this.local.values()) if (entry.role === role) n += 1;
    return n;
  }

  /** Replaces this node's sets with what it holds in memory (one MULTI, so no count sees a half-written set). */
  private async rewrite(): Promise<void> {
    const ids: Record<Role, string[]> = { user: [], 'super-admin': [] };
    for (const [id, entry] of this.local) ids[entry.role].push(id);
    const multi = this.redis.client.multi();
    for (const role of ['user', 'super-admin'] as const) {
      const key = this.setOf(role);
      multi.del(key);
      for (let i = 0; i < ids[role].length; i += SADD_CHUNK) multi.sadd(key, ...ids[role].slice(i, i + SADD_CHUNK));
      multi.pexpire(key, this.timings.ttlMs);
    }
    await multi.exec();
    this.logger.log({
      msg: 'presence rewritten',
      node: this.nodeId,
      players: ids.user.length,
      admins: ids['super-admin'].length,
    });
  }

  private write(command: () => Promise<unknown>): void {
    if (this.stopped) return;
    command().catch((error: Error) => this.logger.warn({ msg: 'presence update failed', error: error.message }));
  }

  /**
   * Stops heartbeating and writing WITHOUT removing this node's presence, as a crashed or frozen process would
   * (used to prove that a dead node's users stop counting).
   */
  halt(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  /** A clean shutdown: this node's users stop counting at once (before the Redis connections close). */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    await this.beating;
    const { nodes, players, admins } = this.keys;
    try {
      await this.redis.client.multi().zrem(nodes, this.nodeId).del(players, admins).exec();
    } catch (error) {
      this.logger.warn({ msg: 'presence clean-up failed', error: (error as Error).message });
    }
  }
}
