import { randomUUID } from 'node:crypto';
import type { Snapshots } from '@app/testing/fakes';
import type { ResetTicketRepository } from '../reset-ticket.repository.js';

interface StoredTicket {
  id: string;
  ticketHash: string;
  emailKey: string;
  userId: string | null;
  expiresAt: number;
  consumedAt: number | null;
}

/**
 * Password-reset tickets in memory, for unit tests: the same answers as ResetTicketRepository's SQL — a new ticket
 * ends the open ones of its identity, a ticket is open until used or expired (`Date.now()`), and is used once.
 */
export class InMemoryResetTickets implements ResetTicketRepository, Snapshots {
  private tickets: StoredTicket[] = [];

  get all(): readonly Readonly<StoredTicket>[] {
    return this.tickets;
  }
  snapshot(): unknown {
    return structuredClone(this.tickets);
  }
  restore(snapshot: unknown): void {
    this.tickets = structuredClone(snapshot as StoredTicket[]);
  }

  async issue(
    _db: unknown,
    row: { ticketHash: string; emailKey: string; userId: string | null; ip: string; ttlMinutes: number },
  ): Promise<void> {
    for (const t of this.tickets) if (t.emailKey === row.emailKey && t.consumedAt === null) t.consumedAt = Date.now();
    this.tickets.push({
      id: randomUUID(),
      ticketHash: row.ticketHash,
      emailKey: row.emailKey,
      userId: row.userId,
      expiresAt: Date.now() + row.ttlMinutes * 60_000,
      consumedAt: null,
    });
  }

  async findOpen(_db: unknown, ticketHash: string) {
    const t = this.tickets.find(
      (t) => t.ticketHash === ticketHash && t.consumedAt === null && t.expiresAt > Date.now(),
    );
    return t && { id: t.id, email_key: t.emailKey, user_id: t.userId };
  }

  async consume(_db: unknown, id: string): Promise<boolean> {
    const t = this.tickets.find((t) => t.id === id);
    if (!t || t.consumedAt !== null || t.expiresAt <= Date.now()) return false;
    t.consumedAt = Date.now();
    return true;
  }
}
