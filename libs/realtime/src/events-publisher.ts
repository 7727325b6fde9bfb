import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Database } from '@app/db';
import { RedisService } from '@app/redis';
import { appendMessages } from './events-stream.js';
import type { SocketMessage } from './socket-message.js';

/**
 * Publishes socket messages to the Redis events stream that every api node tails, after the transaction that
 * produced them committed. With `outboxSeqs`, the matching outbox rows are then cleared (what is left in the
 * outbox is republished by the relay: delivery is at-least-once, and clients merge by id).
 */
@Injectable()
export class EventsPublisher {
  constructor(
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(Database) private readonly db: Database,
  ) {}

  async publish(
    messages: SocketMessage[],
    outboxSeqs: number[] = [],
    stream: 'events' | 'results' = 'events',
  ): Promise<void> {
    if (messages.length > 0) {
      await appendMessages(
        this.redis.client,
        stream === 'results' ? this.redis.keys.results : this.redis.keys.events,
        messages,
      );
    }
    if (outboxSeqs.length > 0) {
      await sql`DELETE FROM outbox WHERE event_seq = ANY(${outboxSeqs}::bigint[])`.execute(this.db);
    }
  }
}
