import { Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import type { DB } from '@app/db';

type Executor = Kysely<DB>;

/** SQL of password-reset tickets (stored as SHA-256 hashes). */
@Injectable()
export class ResetTicketRepository {
  /** Stores a new ticket for an identity; any open one of the same identity stops working (only the newest does). */
  async issue(
    db: Executor,
    row: { ticketHash: string; emailKey: string; userId: string | null; ip: string; ttlMinutes: number },
  ): Promise<void> {
    await db
      .updateTable('password_reset_tickets')
      .set({ consumed_at: sql`now()` })
      .where('email_key', '=', row.emailKey)
      .where('consumed_at', 'is', null)
      .execute();
    await db
      .insertInto('password_reset_tickets')
      .values({
        ticket_hash: row.ticketHash,
        email_key: row.emailKey,
        user_id: row.userId,
        ip: row.ip,
        expires_at: sql<Date>`now() + make_interval(mins => ${row.ttlMinutes})`,
      })
      .execute();
  }

  /** An unused, unexpired ticket. */
  async findOpen(db: Executor, ticketHash: string) {
    return db
      .selectFrom('password_reset_tickets')
      .select(['id', 'email_key', 'user_id'])
      .where('ticket_hash', '=', ticketHash)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
  }

  /** Uses a ticket up; false when it was used or expired meanwhile (conditional update: a ticket resets once). */
  async consume(db: Executor, id: string): Promise<boolean> {
    const row = await db
      .updateTable('password_reset_tickets')
      .set({ consumed_at: sql`now()` })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('id')
      .executeTakeFirst();
    return !!row;
  }
}
