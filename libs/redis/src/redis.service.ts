import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import { AppConfig } from '@app/config';
import { RedisKeys } from './redis-keys.js';

export function createRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableAutoPipelining: true, ...options });
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

  constructor(@Inject(AppConfig) private readonly config: AppConfig) {
    this.client = createRedis(config.REDIS_URL);
    this.keys = new RedisKeys(config.REDIS_PREFIX);
    this.owned.push(this.client);
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
