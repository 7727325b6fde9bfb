import { Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import type { DB } from '@app/db';
import {
  DEFAULT_REALITY_CHECK_MINUTES,
  initialPlayerLimits,
  LIMIT_KINDS,
  type LimitKind,
  type LimitUsage,
  type MoneyLimitKind,
  type PlayerLimitsState,
  type RealityCheckMinutes,
} from '@app/domain';

type Executor = Kysely<DB>;

interface UsageRow {
  kind: string;
  limit_paise: string | number;
  used_paise: string | number;
  oldest_at: Date | string | null;
}

function toUsage(row: UsageRow): LimitUsage {
  return {
    kind: row.kind as MoneyLimitKind,
    limitPaise: Number(row.limit_paise),
    usedPaise: Number(row.used_paise),
    oldestAtMs: row.oldest_at === null ? null : new Date(row.oldest_at).getTime(),
  };
}

/**
 * The deposit limits in force for a player and what each window counts now (claims pending or approved). Protects the
 * limits only when called after the player's wallet is locked: the lock serialises their claims, and this statement
 * (a fresh snapshot) then sees every claim committed before it.
 */
export async function depositLimitUsage(db: Executor, userId: string): Promise<LimitUsage[]> {
  const { rows } =
    await sql<UsageRow>`SELECT kind, limit_paise, used_paise, oldest_at FROM player_deposit_usage(${userId}::uuid)`.execute(
      db,
    );
  return rows.map(toUsage);
}

/** The loss limits in force for players and what each window counts now (unsettled stakes as lost), by player. */
export async function lossLimitUsage(db: Executor, userIds: readonly string[]): Promise<Map<string, LimitUsage[]>> {
  const { rows } = await sql<
    UsageRow & { user_id: string }
  >`SELECT user_id, kind, limit_paise, used_paise, oldest_at FROM player_loss_usage(${[...userIds]}::uuid[])`.execute(
    db,
  );
  const byUser = new Map<string, LimitUsage[]>();
  for (const row of rows) (byUser.get(row.user_id) ?? byUser.set(row.user_id, []).get(row.user_id)!).push(toUsage(row));
  return byUser;
}

/** Until when a player may not play after a session reached its time limit (null: not paused), and that limit. */
export async function playPause(
  db: Executor,
  userId: string,
): Promise<{ pausedUntil: Date; sessionMinutes: number | null } | null> {
  const { rows } = await sql<{ paused_until: Date; minutes: string | null }>`
    SELECT s.play_paused_until AS paused_until,
           (SELECT player_limit_in_force(l.value, l.pending_value, l.pending_at, now()) FROM player_limits l WHERE l.user_id = s.user_id AND l.kind = 'sessionMinutes') AS minutes
    FROM player_play_settings s WHERE s.user_id = ${userId} AND s.play_paused_until > now()
  `.execute(db);
  const row = rows[0];
  return row
    ? { pausedUntil: new Date(row.paused_until), sessionMinutes: row.minutes === null ? null : Number(row.minutes) }
    : null;
}

export interface PlaySettingsRow {
  realityCheckMinutes: RealityCheckMinutes;
  limitsOffered: boolean;
  pausedUntil: Date | null;
}

/** SQL of the limits players set for themselves and their play settings. */
@Injectable()
export class PlaySafelyRepository {
  /** The stored limits (a pending change as stored, in force or not) and the reality-check interval; rows locked when asked. */
  async limits(db: Executor, userId: string, lock = false): Promise<PlayerLimitsState> {
    let query = db
      .selectFrom('player_limits')
      .select(['kind', 'value', 'pending_value', 'pending_at'])
      .where('user_id', '=', userId);
    if (lock) query = query.forUpdate();
    const rows = await query.execute();
    const state = initialPlayerLimits();
    const limits = { ...state.limits };
    for (const row of rows) {
      limits[row.kind] = {
        value: row.value === null ? null : Number(row.value),
        pending: row.pending_at
          ? {
              value: row.pending_value === null ? null : Number(row.pending_value),
              effectiveAtMs: row.pending_at.getTime(),
            }
          : null,
      };
    }
    const settings = await this.settings(db, userId);
    return { limits, realityCheckMinutes: settings.realityCheckMinutes };
  }

  async settings(db: Executor, userId: string): Promise<PlaySettingsRow> {
    const row = await db
      .selectFrom('player_play_settings')
      .select(['reality_check_minutes', 'limits_offered_at', 'play_paused_until'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return {
      realityCheckMinutes: (row?.reality_check_minutes ?? DEFAULT_REALITY_CHECK_MINUTES) as RealityCheckMinutes,
      limitsOffered: !!row?.limits_offered_at,
      pausedUntil:
        row?.play_paused_until && row.play_paused_until.getTime() > Date.now() ? row.play_paused_until : null,
    };
  }

  /** Writes the limits as decided (a row per limit that has a value or a pending change; others removed) and marks them offered. */
  async save(db: Executor, userId: string, state: PlayerLimitsState): Promise<void> {
    const kept: LimitKind[] = [];
    for (const kind of LIMIT_KINDS) {
      const { value, pending } = state.limits[kind];
      if (value === null && pending === null) continue;
      kept.push(kind);
      const row = {
        value,
        pending_value: pending?.value ?? null,
        pending_at: pending ? new Date(pending.effectiveAtMs) : null,
        updated_at: sql<Date>`now()`,
      };
      await db
        .insertInto('player_limits')
        .values({ user_id: userId, kind, ...row })
        .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet(row))
        .execute();
    }
    let remove = db.deleteFrom('player_limits').where('user_id', '=', userId);
    if (kept.length > 0) remove = remove.where('kind', 'not in', kept);
    await remove.execute();
    await db
      .insertInto('player_play_settings')
      .values({
        user_id: userId,
        reality_check_minutes: state.realityCheckMinutes,
        limits_offered_at: sql<Date>`now()`,
      })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          reality_check_minutes: state.realityCheckMinutes,
          limits_offered_at: sql<Date>`coalesce(player_play_settings.limits_offered_at, now())`,
          updated_at: sql<Date>`now()`,
        }),
      )
      .execute();
  }

  /** Pauses play until `until` (a session reached its limit); a later pause already set is kept. */
  /** The limits applied and the loosenings asked for, in the transaction that stores them (table limit_changes). */
  async recordChanges(
    db: Executor,
    userId: string,
    changes: { kind: LimitKind; change: 'applied' | 'loosening'; fromValue: number | null; toValue: number | null }[],
  ): Promise<void> {
    if (changes.length === 0) return;
    await db
      .insertInto('limit_changes')
      .values(
        changes.map((c) => ({
          user_id: userId,
          kind: c.kind,
          change: c.change,
          from_value: c.fromValue,
          to_value: c.toValue,
        })),
      )
      .execute();
  }

  /** A refusal by one of the player's own limits (table limit_hits). */
  async recordLimitHit(
    db: Executor,
    userId: string,
    kind: 'deposit' | 'loss' | 'session',
    message: string,
  ): Promise<void> {
    await db.insertInto('limit_hits').values({ user_id: userId, kind, message }).execute();
  }

  async pause(db: Executor, userId: string, until: Date): Promise<Date> {
    const row = await db
      .insertInto('player_play_settings')
      .values({ user_id: userId, play_paused_until: until })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          play_paused_until: sql<Date>`greatest(coalesce(player_play_settings.play_paused_until, excluded.play_paused_until), excluded.play_paused_until)`,
          updated_at: sql<Date>`now()`,
        }),
      )
      .returning('play_paused_until')
      .executeTakeFirstOrThrow();
    return row.play_paused_until!;
  }

  /** A live session of the player: when it started (the login). */
  async sessionStart(db: Executor, userId: string, sessionId: string): Promise<Date | null> {
    const row = await db
      .selectFrom('sessions')
      .select('created_at')
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return row?.created_at ?? null;
  }

  /** Stakes (refunded ones excluded), winnings and the net of settled bets placed since `since` (paise, exact sums). */
  async playSince(db: Executor, userId: string, since: Date): Promise<{ staked: number; won: number; net: number }> {
    const { rows } = await sql<{ staked: string; won: string; net: string }>`
      SELECT coalesce(sum(amount) FILTER (WHERE status <> 'REFUNDED'), 0)::text AS staked,
             coalesce(sum(win_amount) FILTER (WHERE status = 'COMPLETED'), 0)::text AS won,
             coalesce(sum(win_amount - amount) FILTER (WHERE status = 'COMPLETED'), 0)::text AS net
      FROM bets WHERE user_id = ${userId} AND created_at >= ${since}
    `.execute(db);
    const row = rows[0]!;
    return { staked: Number(row.staked), won: Number(row.won), net: Number(row.net) };
  }
}
