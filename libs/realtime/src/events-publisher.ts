import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Database } from '@app/db';
import { RedisService } from '@app/redis';
import { encodeEntry, EVENTS_FIELD, EVENTS_STREAM_MAXLEN, MESSAGES_PER_ENTRY, type SocketMessage } from './socket-message.js';

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

  async publish(messages: SocketMessage[], outboxSeqs: number[] = [], stream: 'events' | 'results' = 'events'): Promise<void> {
    if (messages.length > 0) {
      const key = stream === 'results' ? this.redis.keys.results : this.redis.keys.events;
      const pipeline = this.redis.client.pipeline();
      for (let i = 0; i < messages.length; i += MESSAGES_PER_ENTRY) {
        const chunk = messages.slice(i, i + MESSAGES_PER_ENTRY);
        pipeline.xadd(key, 'MAXLEN', '~', EVENTS_STREAM_MAXLEN, '*', EVENTS_FIELD, encodeEntry(chunk));
      }
      const results = await pipeline.exec();
      const failed = results?.find(([error]) => error);
      if (failed) throw failed[0];
    }
    if (outboxSeqs.length > 0) {
      await sql`DELETE FROM outbox WHERE event_seq = ANY(${outboxSeqs}::bigint[])`.execute(this.db);
    }
  }
}
