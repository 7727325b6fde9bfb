import { Inject, Injectable } from '@nestjs/common';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { PlayBreakView } from '@app/contracts';
import { Database, type DB, type Role, type UserStatus } from '@app/db';
import { runningPlayBreak, type PlayBreak, type PlayBreakTaken, type RunningPlayBreak } from '@app/domain';

interface PlayBreakRow {
  /** bigint identity (read as a number); the repository hands it on as text. */
  id: number;
  user_id: string;
  kind: PlayBreak['kind'];
  option: PlayBreak['option'];
  started_at: Date;
  ends_at: Date;
  return_requested_at: Date | null;
  returns_at: Date | null;
}

export function toPlayBreak(row: PlayBreakRow): PlayBreak {
  return {
    kind: row.kind,
    option: row.option,
    startedAtMs: row.started_at.getTime(),
    endsAtMs: row.ends_at.getTime(),
    returnRequestedAtMs: row.return_requested_at?.getTime() ?? null,
    returnsAtMs: row.returns_at?.getTime() ?? null,
  };
}

/** What the player and the console see of the one in force. */
export function toPlayBreakView(latest: PlayBreak, running: RunningPlayBreak): PlayBreakView {
  return {
    kind: running.kind,
    option: latest.option,
    phase: running.phase,
    startedAt: new Date(running.startedAtMs).toISOString(),
    endsAt: new Date(running.endsAtMs).toISOString(),
    until: running.untilMs === null ? null : new Date(running.untilMs).toISOString(),
  };
}

/** A player's latest break or exclusion and what runs of it now (`running` null when nothing does). */
export interface PlayBreakNow {
  id: string;
  latest: PlayBreak;
  running: RunningPlayBreak | null;
}

/** SQL of breaks and self-exclusions (table play_breaks, migration 0021). */
@Injectable()
export class PlayBreakRepository {
  constructor(@Inject(Database) private readonly db: Database) {}

  /** The player's latest row (the one in force), judged at `nowMs`; undefined when they never took one. */
  async latest(db: Kysely<DB> | undefined, userId: string, nowMs = Date.now()): Promise<PlayBreakNow | undefined> {
    const row = await (db ?? this.db)
      .selectFrom('play_breaks')
      .select(['id', 'user_id', 'kind', 'option', 'started_at', 'ends_at', 'return_requested_at', 'returns_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return undefined;
    const latest = toPlayBreak(row as PlayBreakRow);
    return { id: String(row.id), latest, running: runningPlayBreak(latest, nowMs) };
  }

  /** What runs for each of `userIds` now (players absent from the map: nothing runs). */
  async runningOf(userIds: readonly string[], nowMs = Date.now()): Promise<Map<string, PlayBreakView>> {
    const views = new Map<string, PlayBreakView>();
    if (userIds.length === 0) return views;
    const { rows } = await sql<PlayBreakRow>`
      SELECT DISTINCT ON (user_id) id, user_id, kind, option, started_at, ends_at, return_requested_at, returns_at
      FROM play_breaks WHERE user_id = ANY(${sql.val(userIds)}::uuid[]) ORDER BY user_id, id DESC
    `.execute(this.db);
    for (const row of rows) {
      const latest = toPlayBreak(row);
      const running = runningPlayBreak(latest, nowMs);
      if (running) views.set(row.user_id, toPlayBreakView(latest, running));
    }
    return views;
  }

  /** The account's role and status, its users row locked (the insert trigger takes the same lock: one at a time). */
  lockAccount(trx: Transaction<DB>, userId: string): Promise<{ role: Role; status: UserStatus } | undefined> {
    return trx
      .selectFrom('users')
      .select(['role', 'status'])
      .where('id', '=', userId)
      .forNoKeyUpdate()
      .executeTakeFirst();
  }

  /** Stores a break or exclusion; the trigger play_breaks_only_longer refuses one that would shorten the running one. */
  async insert(
    trx: Transaction<DB>,
    taken: PlayBreakTaken['data'],
    reason: string,
    actorId = taken.userId,
  ): Promise<string> {
    const row = await trx
      .insertInto('play_breaks')
      .values({
        user_id: taken.userId,
        kind: taken.kind,
        option: taken.option,
        started_at: new Date(taken.startedAtMs),
        ends_at: new Date(taken.endsAtMs),
        actor_id: actorId,
        reason,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return String(row.id);
  }

  /** Writes a self-exclusion's request to return (once: the trigger play_breaks_fixed refuses a second). */
  async requestReturn(trx: Transaction<DB>, id: string, requestedAtMs: number, returnsAtMs: number): Promise<void> {
    await trx
      .updateTable('play_breaks')
      .set({ return_requested_at: new Date(requestedAtMs), returns_at: new Date(returnsAtMs) })
      .where('id', '=', Number(id))
      .where('return_requested_at', 'is', null)
      .execute();
  }

  async audit(
    trx: Transaction<DB>,
    entry: {
      userId: string;
      actorId?: string;
      action: 'play-break.take' | 'play-break.apply' | 'play-break.return';
      playBreakId: string;
      decision: string;
      note: string;
      metadata: Record<string, unknown>;
    },
  ): Promise<void> {
    await trx
      .insertInto('audit_log')
      .values({
        actor_id: entry.actorId ?? entry.userId,
        beneficiary_id: entry.userId,
        action: entry.action,
        target_type: 'play_break',
        target_id: entry.playBreakId,
        decision: entry.decision,
        note: entry.note,
        metadata: JSON.stringify(entry.metadata),
      })
      .execute();
  }
}
