import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { AppConfig } from '@app/config';
import { hashTag, RedisKeys } from './redis-keys.js';

/** A connection to Redis: one server (`Redis`) or a Redis Cluster (`Cluster`, REDIS_CLUSTER_NODES). */
export type RedisClient = Redis | Cluster;

/** Where Redis is: a URL (one server), or a cluster's seed nodes (the URL then gives only credentials and TLS). */
export interface RedisTarget {
  url: string;
  clusterNodes?: ReadonlyArray<{ host: string; port: number }>;
}

/** The Redis of a configuration: REDIS_URL, or the cluster of REDIS_CLUSTER_NODES. */
export function redisTarget(config: AppConfig): RedisTarget {
  return { url: config.REDIS_URL, clusterNodes: config.redisClusterNodes };
}

/** The keys of a configuration (hash-tagged when Redis is a cluster). */
export function redisKeys(config: AppConfig): RedisKeys {
  return new RedisKeys(config.REDIS_PREFIX, { cluster: config.redisClusterNodes.length > 0 });
}

/**
 * A connection with the system's defaults (commands queue while disconnected and are retried without limit,
 * auto-pipelined), which `options` override. On a cluster (`target.clusterNodes`) an ioredis Cluster with the same
 * options for every node's connection: the credentials and TLS of `target.url` apply to each node.
 */
export function createRedis(target: string | RedisTarget, options: RedisOptions = {}): RedisClient {
  const { url, clusterNodes = [] } = typeof target === 'string' ? { url: target } : target;
  const defaults: RedisOptions = { maxRetriesPerRequest: null, enableAutoPipelining: true, ...options };
  if (clusterNodes.length === 0) return new Redis(url, defaults);
  const parsed = new URL(url);
  const { enableAutoPipelining, enableOfflineQueue, ...nodeOptions } = defaults;
  const redisOptions: RedisOptions = {
    ...nodeOptions,
    ...(enableOfflineQueue === undefined ? {} : { enableOfflineQueue }),
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
  };
  const clusterOptions: ClusterOptions = {
    redisOptions,
    enableAutoPipelining,
    ...(enableOfflineQueue === undefined ? {} : { enableOfflineQueue }),
  };
  return new Cluster(
    clusterNodes.map((node) => ({ host: node.host, port: node.port })),
    clusterOptions,
  );
}

/** Whether a connection is to a Redis Cluster. */
export function isCluster(redis: RedisClient): redis is Cluster {
  return redis.isCluster;
}

/**
 * `keys` in groups a script or MULTI may take together: all of them on one Redis, on a cluster one group per hash
 * tag (so per slot; keys of one group keep their order).
 */
export function groupBySlot(redis: RedisClient, keys: readonly string[]): string[][] {
  if (!isCluster(redis)) return keys.length === 0 ? [] : [[...keys]];
  const groups = new Map<string, string[]>();
  for (const key of keys) {
    const tag = hashTag(key);
    const group = groups.get(tag);
    if (group) group.push(key);
    else groups.set(tag, [key]);
  }
  return [...groups.values()];
}

/** Longest a command on the fail-fast connection waits for its reply. */
export const FAIL_FAST_COMMAND_TIMEOUT_MS = 1_000;

/** Thrown by `withDeadline` when the work did not finish in time. */
export class DeadlineExceeded extends Error {
  constructor(
    readonly what: string,
    ms: number,
  ) {
    super(`${what} took longer than ${ms} ms`);
    this.name = 'DeadlineExceeded';
  }
}

/**
 * Waits for `work` at most `ms` milliseconds: rejects with DeadlineExceeded past that (the work itself carries on
 * and its late result is ignored). For the paths where a player waits for an answer.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, what = 'operation'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(what, ms)), ms);
  });
  work.catch(() => {});
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * Owns the process's Redis connections: one shared command connection (auto-pipelined) and dedicated
 * connections for blocking reads, handed out by `dedicated()` and closed on shutdown.
 */
@Injectable()
export class RedisService implements OnApplicationShutdown {
  readonly client: RedisClient;
  readonly keys: RedisKeys;
  private readonly owned: RedisClient[] = [];
  private failFastConnection?: RedisClient;
  private readonly target: RedisTarget;

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {
    this.target = redisTarget(config);
    this.client = createRedis(this.target);
    this.keys = redisKeys(config);
    this.owned.push(this.client);
  }

  /**
   * The connection for paths where a player waits (place-bet): it never holds a command for later. While Redis is
   * unreachable a command fails at once (no offline queue), a command cut off by a lost connection is not re-sent
   * (no retry), and a command unanswered after FAIL_FAST_COMMAND_TIMEOUT_MS fails (it may still have run). The shared
   * `client` instead queues and retries without limit, for work that must eventually happen.
   */
  get failFast(): RedisClient {
    if (!this.failFastConnection) {
      this.failFastConnection = createRedis(this.target, {
        connectionName: 'fail-fast',
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        commandTimeout: FAIL_FAST_COMMAND_TIMEOUT_MS,
      });
      // Errors surface on each command; a connection error event must not crash the process.
      this.failFastConnection.on('error', () => {});
      this.owned.push(this.failFastConnection);
    }
    return this.failFastConnection;
  }

  /**
   * A new connection for blocking commands (XREAD BLOCK) or pub/sub. On a cluster a Cluster of its own: a blocking
   * read goes to the node of its key, and holds only that connection.
   */
  dedicated(name?: string): RedisClient {
    const connection = createRedis(this.target, { connectionName: name, enableAutoPipelining: false });
    this.owned.push(connection);
    return connection;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.owned.map((c) => c.quit().catch(() => c.disconnect())));
    await closeBullConnections(this.config);
  }
}

/** The Cluster connections handed to BullMQ, per configuration: BullMQ never closes a connection it was given. */
const bullClusters = new WeakMap<AppConfig, Cluster[]>();

/** Closes the BullMQ Cluster connections made for `config` (RedisService does it when its process shuts down). */
export async function closeBullConnections(config: AppConfig): Promise<void> {
  const clusters = bullClusters.get(config) ?? [];
  bullClusters.delete(config);
  await Promise.allSettled(clusters.map((c) => c.quit().catch(() => c.disconnect())));
}

/**
 * BullMQ's connection for a configuration: REDIS_URL's options on a single Redis, a Cluster on a cluster (BullMQ
 * duplicates it for its workers; its queues' keys share the hash tag of `RedisKeys.bullPrefix`).
 */
export function bullConnection(config: AppConfig): { url: string; maxRetriesPerRequest: null } | Cluster {
  if (config.redisClusterNodes.length === 0) return { url: config.REDIS_URL, maxRetriesPerRequest: null };
  const cluster = createRedis(redisTarget(config), { enableAutoPipelining: false }) as Cluster;
  // Its errors surface on BullMQ's commands; an error event must not crash the process or flood its log.
  cluster.on('error', () => {});
  bullClusters.set(config, [...(bullClusters.get(config) ?? []), cluster]);
  return cluster;
}
