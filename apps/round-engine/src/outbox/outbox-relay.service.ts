import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import { AppConfig } from '@app/config';
import { Database } from '@app/db';
import { MailQueue } from '@app/mail';
import {
  EventsPublisher,
  noticeMessage,
  readPlayerNotices,
  toBalanceUpdate,
  userRoom,
  type SocketMessage,
} from '@app/realtime';
import { Lease, RedisService } from '@app/redis';

/** Outbox rows younger than this are left to the writer that created them (it publishes right after commit). */
const GRACE_SECONDS = 3;
const INTERVAL_MS = 1000;
const BATCH = 500;

/**
 * The outbox relay (one leader, by lease). Writers publish their own events right after commit and clear their
 * outbox rows; a row still there after a few seconds means the writer stopped in between. The relay then tells
 * each affected player their current balance (a `balance-update`, which also makes an open wallet screen reload
 * its transactions), sends the account notice of each event that is one (a payment reviewed, a referral bonus
 * credited) and queues its e-mail (payouts and rejections), and clears the rows. Delivery is at-least-once; clients
 * treat updates as idempotent, a notice reaches a socket once and its e-mail is queued once (job id).
 */
@Injectable()
export class OutboxRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private lease!: Lease;
  private timer?: NodeJS.Timeout;
  private running = false;
  private busy?: Promise<void>;
  /** Rows waiting at the last check (a metric). */
  depth = 0;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(Database) private readonly db: Database,
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(EventsPublisher) private readonly publisher: EventsPublisher,
    @Inject(MailQueue) private readonly mail: MailQueue,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.hasEngineRole('relay')) return;
    this.lease = new Lease(
      this.redis.client,
      this.redis.keys.lease('outbox-relay'),
      `${hostname()}:${process.pid}`,
      Math.max(this.config.LEASE_TTL_MS, 2000),
    );
    this.running = true;
    this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    await this.busy;
    await this.lease?.release().catch(() => {});
  }

  private schedule(): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.busy = this.tick()
        .catch((error: Error) => this.logger.error({ msg: 'outbox relay failed', error: error.message }))
        .finally(() => this.schedule());
    }, INTERVAL_MS);
  }

  private async tick(): Promise<void> {
    if (!(await this.lease.acquireOrRenew())) return;
    while (this.running && (await this.relayOnce()) === BATCH);
  }

  /** Relays one batch of stale outbox rows; returns how many it handled. */
  async relayOnce(): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ event_seq: number; user_id: string | null }>`
        SELECT o.event_seq, e.user_id FROM outbox o JOIN events e ON e.seq = o.event_seq
        WHERE o.created_at < now() - make_interval(secs => ${GRACE_SECONDS})
        ORDER BY o.event_seq LIMIT ${BATCH}
        FOR UPDATE OF o SKIP LOCKED
      `.execute(trx);
      const { rows: depth } = await sql<{ n: number }>`SELECT count(*) AS n FROM outbox`.execute(trx);
      this.depth = Number(depth[0]?.n ?? 0);
      if (rows.length === 0) return 0;
      const users = [...new Set(rows.map((r) => r.user_id).filter((u): u is string => !!u))];
      const messages: SocketMessage[] = [];
      if (users.length > 0) {
        const { rows: wallets } = await sql<{ user_id: string; main: number; bonus: number }>`
          SELECT user_id, main, bonus FROM wallets WHERE user_id = ANY(${users}::uuid[])
        `.execute(trx);
        for (const w of wallets)
          messages.push({
            room: userRoom(w.user_id),
            event: 'balance-update',
            data: toBalanceUpdate(Number(w.main), Number(w.bonus)),
          });
      }
      const notices = await readPlayerNotices(
        trx,
        rows.map((r) => Number(r.event_seq)),
      );
      await this.mail.sendAccountNotices(notices);
      messages.push(...notices.map(noticeMessage));
      await this.publisher.publish(messages);
      await sql`DELETE FROM outbox WHERE event_seq = ANY(${rows.map((r) => r.event_seq)}::bigint[])`.execute(trx);
      this.logger.warn({ msg: 'relayed events a writer left unpublished', events: rows.length, players: users.length });
      return rows.length;
    });
  }
}
