import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import { AppConfig } from '@app/config';
import { RedisKeys } from './redis-keys.js';

export function createRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableAutoPipelining: true, ...options });
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
  readonly client: Redis;
  readonly keys: RedisKeys;
  private readonly owned: Redis[] = [];
  private failFastConnection?: Redis;

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {
    this.client = createRedis(config.REDIS_URL);
    this.keys = new RedisKeys(config.REDIS_PREFIX);
    this.owned.push(this.client);
  }

  /**
   * The connection for paths where a player waits (place-bet): it never holds a command for later. While Redis is
   * unreachable a command fails at once (no offline queue), a command cut off by a lost connection is not re-sent
   * (no retry), and a command unanswered after FAIL_FAST_COMMAND_TIMEOUT_MS fails (it may still have run). The shared
   * `client` instead queues and retries without limit, for work that must eventually happen.
   */
  get failFast(): Redis {
    if (!this.failFastConnection) {
      this.failFastConnection = createRedis(this.config.REDIS_URL, {
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

  /** A new connection for blocking commands (XREAD BLOCK) or pub/sub. */
  dedicated(name?: string): Redis {
    const connection = createRedis(this.config.REDIS_URL, { connectionName: name, enableAutoPipelining: false });
    this.owned.push(connection);
    return connection;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.owned.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
