import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { Database, type DB } from '@app/db';

export interface StoredPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The push subscriptions of players (migration 0027): an endpoint belongs to the latest player to subscribe with it. */
@Injectable()
export class PushRepository {
  constructor(@Inject(Database) private readonly db: Kysely<DB>) {}

  async save(userId: string, subscription: StoredPushSubscription): Promise<void> {
    await this.db
      .insertInto('push_subscriptions')
      .values({ user_id: userId, ...subscription })
      .onConflict((oc) =>
        oc.column('endpoint').doUpdateSet({
          user_id: userId,
          p256dh: subscription.p256dh,
          auth: subscription.auth,
          created_at: new Date(),
        }),
      )
      .execute();
  }

  /** Forgets `endpoint` if it is the player's; true when one was removed. */
  async remove(userId: string, endpoint: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('push_subscriptions')
      .where('endpoint', '=', endpoint)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Forgets an endpoint the push service says is gone, whoever held it. */
  async forget(endpoint: string): Promise<void> {
    await this.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
  }

  async ofPlayer(userId: string): Promise<StoredPushSubscription[]> {
    return this.db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'p256dh', 'auth'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .limit(10)
      .execute();
  }
}
