import { BadRequestException, ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type {
  AdminLedgerEntry,
  AdminPlayer,
  AdminPlayerClaim,
  AdminPlayerOverview,
  PlayBreakView,
  PlaySafelyView,
} from '@app/contracts';
import { Database } from '@app/db';
import {
  isUuid,
  paiseToRupees,
  periodOfStream,
  PLAYER_ACTION_MESSAGES,
  statementLineKind,
  refusePlayerAction,
  validatePlayerActionReason,
  type PlayerAction,
} from '@app/domain';
import { toWireBet } from '@app/realtime';
import { SessionRepository } from '../../auth/session.repository.js';
import { fullBankDetails } from '../../wallet/transaction-view.js';
import { SessionService } from '../../auth/session.service.js';
import { PlaySafelyService } from '../../play-safely/play-safely.service.js';
import { PlayBreakRepository } from '../../play-breaks/play-break.repository.js';
import { AdminPlayersRepository, type PlayerRow } from './admin-players.repository.js';

function toPlayer(row: PlayerRow, playBreak: PlayBreakView | null): AdminPlayer {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    suspendedAt: row.suspended_at?.toISOString() ?? null,
    suspensionReason: row.suspension_reason,
    balance: paiseToRupees(Number(row.main ?? 0)),
    bonusBalance: paiseToRupees(Number(row.bonus ?? 0)),
    playBreak,
  };
}

/**
 * The console's Players tab: find a player, suspend or reinstate them with a reason (audited: the admin as actor, the
 * player as beneficiary). A suspension ends every session of the player in its own transaction, then marks their
 * access tokens revoked and disconnects their sockets on every api node; their money routes and bets are refused
 * from then on (the account's status is the last word for both), their balance stays, and their pending
 * withdrawals are held (they can be returned, not paid out). A reinstated player signs in again.
 */
@Injectable()
export class AdminPlayersService {
  private readonly logger = new Logger('AdminPlayers');

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(AdminPlayersRepository) private readonly players: AdminPlayersRepository,
    @Inject(SessionRepository) private readonly sessionRows: SessionRepository,
    @Inject(SessionService) private readonly sessions: SessionService,
    @Inject(PlayBreakRepository) private readonly breaks: PlayBreakRepository,
    @Inject(PlaySafelyService) private readonly playSafely: PlaySafelyService,
  ) {}

  /** A player's own limits, as the player sees them; the console only reads them (404 for anyone but a player). */
  async limitsOf(userId: string): Promise<PlaySafelyView> {
    const player = isUuid(userId) ? await this.players.find(this.db, userId) : undefined;
    if (!player) throw new NotFoundException(PLAYER_ACTION_MESSAGES.notFound);
    return this.playSafely.viewOf(userId);
  }

  /**
   * One player at a glance for the reviewer (the player view): the account and balances, their own limits and break
   * or self-exclusion (read-only), the newest ledger entries, deposits and withdrawals, and bets. 404 for an unknown
   * id or an administrator. The read is audited (the admin as actor, the player as beneficiary): it shows payout
   * details in full.
   */
  async overview(adminId: string, userId: string): Promise<AdminPlayerOverview> {
    const row = isUuid(userId) ? await this.players.find(this.db, userId.toLowerCase()) : undefined;
    if (!row) throw new NotFoundException(PLAYER_ACTION_MESSAGES.notFound);
    const [player] = await this.withBreaks([row]);
    const [limits, ledger, claims, bets] = await Promise.all([
      this.playSafely.viewOf(row.id),
      this.players.ledger(row.id),
      this.players.claims(row.id),
      this.players.bets(row.id),
    ]);
    await this.players.auditRead({ actorId: adminId, userId: row.id });
    return {
      player: player!,
      limits,
      ledger: ledger.map((entry): AdminLedgerEntry => ({
        seq: entry.seq,
        at: entry.at.toISOString(),
        kind: statementLineKind(entry.type),
        reference: entry.reference,
        periodId: periodOfStream(entry.stream),
        main: paiseToRupees(entry.main),
        bonus: paiseToRupees(entry.bonus),
      })),
      claims: claims.map((claim): AdminPlayerClaim => ({
        _id: claim.id,
        transactionId: claim.transaction_id,
        type: claim.type as AdminPlayerClaim['type'],
        status: claim.status,
        amount: paiseToRupees(claim.amount),
        method: claim.method,
        createdAt: claim.created_at.toISOString(),
        reviewedAt: claim.reviewed_at?.toISOString() ?? null,
        utrNumber: claim.utr_number,
        payer: claim.payer,
        upiId: claim.upi_id,
        bankDetails: fullBankDetails(claim),
        adminNotes: claim.admin_notes,
      })),
      bets: bets.map(toWireBet),
    };
  }

  /** Rows as the console shows them, each with the player's break or self-exclusion in force (read-only). */
  private async withBreaks(rows: PlayerRow[]): Promise<AdminPlayer[]> {
    const running = await this.breaks.runningOf(rows.map((r) => r.id));
    return rows.map((row) => toPlayer(row, running.get(row.id) ?? null));
  }

  async search(query: { q?: string; status?: string }): Promise<AdminPlayer[]> {
    const term = typeof query.q === 'string' ? query.q.trim().slice(0, 100) : '';
    return this.withBreaks(await this.players.search(term, query.status === 'suspended'));
  }

  async act(adminId: string, userId: string, action: PlayerAction, body: { reason?: unknown }): Promise<AdminPlayer> {
    const input = validatePlayerActionReason(body);
    if (!input.ok) throw new BadRequestException({ message: input.error, errors: input.errors });
    const { reason } = input.value;
    const outcome = await this.db.transaction().execute(async (trx) => {
      const account = await this.players.lock(trx, userId);
      const refused = refusePlayerAction(action, account ?? null);
      if (refused) return { refused } as const;
      await this.players.setStatus(trx, userId, action === 'suspend' ? { reason } : null);
      await this.players.audit(trx, {
        actorId: adminId,
        userId,
        action: action === 'suspend' ? 'player.suspend' : 'player.reinstate',
        reason,
        previousStatus: account!.status,
      });
      const revoked =
        action === 'suspend' ? await this.sessionRows.revokeAllOfUser(trx, userId, 'account-suspended') : [];
      return { revoked, player: (await this.players.find(trx, userId))! } as const;
    });
    if ('refused' in outcome) {
      if (outcome.refused === 'NOT_FOUND') throw new NotFoundException(PLAYER_ACTION_MESSAGES.notFound);
      throw new ConflictException(
        outcome.refused === 'ALREADY_SUSPENDED'
          ? PLAYER_ACTION_MESSAGES.alreadySuspended
          : PLAYER_ACTION_MESSAGES.notSuspended,
      );
    }
    if (action === 'suspend') await this.sessions.propagateRevocation(userId, outcome.revoked);
    this.logger.warn({
      msg: action === 'suspend' ? 'player suspended' : 'player reinstated',
      userId,
      adminId,
      sessionsEnded: outcome.revoked.length,
    });
    return (await this.withBreaks([outcome.player]))[0]!;
  }
}
