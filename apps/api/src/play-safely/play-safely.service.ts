import { ForbiddenException, Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import type { PlayerLimit, PlaySafelyView, PlaySession, UpdatePlayerLimitsRequest } from '@app/contracts';
import { Database, PREPARED } from '@app/db';
import {
  decidePlayerLimits,
  evolvePlayerLimits,
  LIMIT_KINDS,
  limitLeftPaise,
  limitResetsAtMs,
  limitsInForce,
  paiseToRupees,
  PLAY_SAFELY_MESSAGES,
  SESSION_LIMIT_BREAK_MS,
  sessionLimitMessage,
  type LimitKind,
  type LimitUsage,
  type PlayerLimitsEvent,
  type PlayerLimitsRefusalCode,
  type PlayerLimitsState,
} from '@app/domain';
import type { AuthUser } from '../auth/auth-user.js';
import { SessionRepository } from '../auth/session.repository.js';
import { SessionService } from '../auth/session.service.js';
import { refusalException } from '../wallet/refusal.js';
import { depositLimitUsage, lossLimitUsage, PlaySafelyRepository } from './play-safely.repository.js';

const REFUSALS: Record<PlayerLimitsRefusalCode, number> = { INVALID_REQUEST: 400, NOTHING_PENDING: 409 };
const money = (kind: LimitKind) => kind !== 'sessionMinutes';
/** A stored value as the wire says it: whole rupees for money, minutes for the session. */
const wire = (kind: LimitKind, value: number | null) =>
  value === null ? null : money(kind) ? paiseToRupees(value) : value;

export interface SessionLimitNotice {
  userId: string;
  message: string;
  pausedUntil: Date;
  sessionsEnded: string[];
}

/**
 * Limits a player sets for themself, and the figures of their session (docs/play-safely.md). The limits are decided
 * by `decidePlayerLimits` (stricter at once, looser after 24 hours) under a lock of the player's limit rows; the
 * deposit claim and the bet batch enforce them (with the database's triggers behind them).
 */
@Injectable()
export class PlaySafelyService {
  private readonly logger = new Logger('PlaySafely');

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(PlaySafelyRepository) private readonly repo: PlaySafelyRepository,
    @Inject(SessionRepository) private readonly sessionRows: SessionRepository,
    @Inject(SessionService) private readonly sessions: SessionService,
  ) {}

  private playersOnly(user: AuthUser): void {
    if (user.role !== 'user') throw new ForbiddenException(PLAY_SAFELY_MESSAGES.playersOnly);
  }

  async view(user: AuthUser): Promise<PlaySafelyView> {
    this.playersOnly(user);
    return this.viewOf(user.id);
  }

  /** A player's limits as they see them: for the player, and read-only for the console (which cannot change them). */
  async viewOf(userId: string): Promise<PlaySafelyView> {
    const [stored, settings, deposits, losses] = await Promise.all([
      this.repo.limits(this.db, userId),
      this.repo.settings(this.db, userId),
      depositLimitUsage(this.db, userId),
      lossLimitUsage(this.db, [userId]),
    ]);
    return this.toView(stored, settings, [...deposits, ...(losses.get(userId) ?? [])]);
  }

  private toView(
    stored: PlayerLimitsState,
    settings: { limitsOffered: boolean; pausedUntil: Date | null },
    usages: LimitUsage[],
    nowMs = Date.now(),
  ): PlaySafelyView {
    const state = limitsInForce(stored, nowMs);
    const limits: PlayerLimit[] = LIMIT_KINDS.map((kind) => {
      const { value, pending } = state.limits[kind];
      const usage = usages.find((u) => u.kind === kind);
      const resetsAt = usage ? limitResetsAtMs(usage) : null;
      return {
        kind,
        value: wire(kind, value),
        pending: pending
          ? { value: wire(kind, pending.value), effectiveAt: new Date(pending.effectiveAtMs).toISOString() }
          : null,
        used: usage ? paiseToRupees(Math.max(0, usage.usedPaise)) : null,
        left: usage ? paiseToRupees(limitLeftPaise(usage)) : null,
        resetsAt: resetsAt === null ? null : new Date(resetsAt).toISOString(),
      };
    });
    return {
      limits,
      realityCheckMinutes: state.realityCheckMinutes,
      limitsOffered: settings.limitsOffered,
      pausedUntil: settings.pausedUntil?.toISOString() ?? null,
    };
  }

  /**
   * Decides the sent limits against those in force (the player's limit rows locked: two changes at once are decided
   * one after the other), cancels the pending changes asked for, stores the result and marks the limits offered.
   * `{}` changes nothing but that mark (the sign-up step skipped). Returns the view and whether the session limit
   * in force changed (the caller re-arms the session timers).
   */
  async update(
    user: AuthUser,
    body: UpdatePlayerLimitsRequest,
  ): Promise<{ view: PlaySafelyView; sessionLimitChanged: boolean }> {
    this.playersOnly(user);
    const nowMs = Date.now();
    const events = await this.db.transaction().execute(async (trx) => {
      // Serialises one player's changes (their limit rows may not exist yet).
      await sql`SELECT 1 FROM users WHERE id = ${user.id} FOR NO KEY UPDATE`.execute(trx);
      const stored = await this.repo.limits(trx, user.id, true);
      const decided: PlayerLimitsEvent[] = decidePlayerLimits(
        { type: 'SetLimits', nowMs, limits: body.limits, realityCheckMinutes: body.realityCheckMinutes },
        stored,
      );
      let state = decided.reduce(evolvePlayerLimits, limitsInForce(stored, nowMs));
      const cancel =
        body.cancelPending === undefined
          ? []
          : Array.isArray(body.cancelPending)
            ? body.cancelPending
            : [body.cancelPending];
      for (const kind of cancel) {
        const more = decidePlayerLimits({ type: 'CancelPendingLimit', nowMs, kind }, state);
        decided.push(...more);
        state = more.reduce(evolvePlayerLimits, state);
      }
      const refused = decided.find((e) => e.type === 'PlayerLimitsRefused');
      if (refused) throw refusalException(REFUSALS, refused);
      await this.repo.save(trx, user.id, state);
      // The history the care signals read (a limit loosened soon after it was set): what was applied and asked for.
      const before = limitsInForce(stored, nowMs);
      await this.repo.recordChanges(
        trx,
        user.id,
        decided.flatMap((e) =>
          e.type === 'LimitApplied' || e.type === 'LimitChangeScheduled'
            ? [
                {
                  kind: e.data.kind,
                  change: e.type === 'LimitApplied' ? ('applied' as const) : ('loosening' as const),
                  fromValue: before.limits[e.data.kind].value,
                  toValue: e.data.value,
                },
              ]
            : [],
        ),
      );
      return decided;
    });
    if (events.length > 0)
      this.logger.log({
        msg: 'player limits changed',
        userId: user.id,
        changes: events.map((e) =>
          e.type === 'RealityCheckSet' ? e.type : `${e.type}:${(e.data as { kind: string }).kind}`,
        ),
      });
    const sessionLimitChanged = events.some((e) => e.type === 'LimitApplied' && e.data.kind === 'sessionMinutes');
    return { view: await this.view(user), sessionLimitChanged };
  }

  /** This session's play: since its login, its stakes, winnings and net, the reminder interval and when its limit ends it. */
  async session(user: AuthUser): Promise<PlaySession> {
    this.playersOnly(user);
    const started = (await this.repo.sessionStart(this.db, user.id, user.sessionId)) ?? new Date();
    const [play, settings, endsAt] = await Promise.all([
      this.repo.playSince(this.db, user.id, started),
      this.repo.settings(this.db, user.id),
      this.sessionEndsAt(user.id, user.sessionId),
    ]);
    return {
      startedAt: started.toISOString(),
      staked: paiseToRupees(play.staked),
      won: paiseToRupees(play.won),
      net: paiseToRupees(play.net),
      realityCheckMinutes: settings.realityCheckMinutes,
      endsAt: endsAt?.toISOString() ?? null,
    };
  }

  /** When the session limit in force ends this live session (its login + the limit), or null without one. */
  async sessionEndsAt(userId: string, sessionId: string): Promise<Date | null> {
    return (await this.sessionLimit(userId, sessionId))?.endsAt ?? null;
  }

  /** The session limit in force (minutes) and when it ends this live session; null without one. */
  async sessionLimit(userId: string, sessionId: string): Promise<{ endsAt: Date; minutes: number } | null> {
    const { rows } = await sql<{ ends_at: Date; minutes: number }>`${sql.raw(PREPARED)}
      SELECT s.created_at + make_interval(mins => m.minutes) AS ends_at, m.minutes
      FROM sessions s JOIN player_limits l ON l.user_id = s.user_id AND l.kind = 'sessionMinutes'
      CROSS JOIN LATERAL (SELECT player_limit_in_force(l.value, l.pending_value, l.pending_at, now())::int AS minutes) m
      WHERE s.id = ${sessionId} AND s.user_id = ${userId} AND s.revoked_at IS NULL AND m.minutes IS NOT NULL
    `.execute(this.db);
    const row = rows[0];
    return row ? { endsAt: new Date(row.ends_at), minutes: Number(row.minutes) } : null;
  }

  /**
   * A session reached the player's session limit: play pauses for SESSION_LIMIT_BREAK_MS (kept if a later pause is
   * set) and every session of the player ends (any device), in one transaction; then their access tokens stop and
   * their sockets close on every node. Idempotent: a second call (another node, another socket) ends nothing more.
   */
  async endPlayAtLimit(userId: string, minutes: number): Promise<SessionLimitNotice> {
    const { pausedUntil, revoked } = await this.db.transaction().execute(async (trx) => {
      const until = await this.repo.pause(trx, userId, new Date(Date.now() + SESSION_LIMIT_BREAK_MS));
      const ended = await this.sessionRows.revokeAllOfUser(trx, userId, 'session-limit');
      // Once per reaching (a second call ends no session): kept for the care signals (docs/care-signals.md).
      if (ended.length > 0)
        await this.repo.recordLimitHit(trx, userId, 'session', sessionLimitMessage(minutes, until.getTime()));
      return { pausedUntil: until, revoked: ended };
    });
    this.logger.log({
      msg: 'session limit reached; play paused',
      userId,
      minutes,
      pausedUntil: pausedUntil.toISOString(),
      sessionsEnded: revoked.length,
    });
    return {
      userId,
      message: sessionLimitMessage(minutes, pausedUntil.getTime()),
      pausedUntil,
      sessionsEnded: revoked,
    };
  }

  /** Stops the ended sessions' access tokens and closes the player's sockets everywhere. */
  propagate(notice: SessionLimitNotice): Promise<void> {
    return this.sessions.propagateRevocation(notice.userId, notice.sessionsEnded);
  }
}
