import { BadRequestException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { CareFlag, CarePlayer, PlayBreakView } from '@app/contracts';
import { Database } from '@app/db';
import { isUuid, CARE_MESSAGES, validateCareNote, validatePlayerActionReason } from '@app/domain';
import { PlayBreakRepository } from '../../play-breaks/play-break.repository.js';
import { PlayBreaksService } from '../../play-breaks/play-breaks.service.js';
import { CareRepository, type CareFlagRow } from './care.repository.js';

const STATUSES = ['open', 'contacted', 'dismissed'] as const;

function toFlag(row: CareFlagRow): CareFlag {
  return {
    id: row.id,
    pattern: row.pattern,
    summary: row.summary,
    figures: (row.figures ?? {}) as Record<string, unknown>,
    firstSeenAt: row.first_seen_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    status: row.status,
    note: row.note,
    reviewedBy: row.reviewed_by,
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
  };
}

/**
 * The console's Care tab (docs/care-signals.md): the players the care job flagged, with each pattern and its figures;
 * the operator records that they contacted the player or dismisses a flag (a note; audited with the admin as actor and
 * the player as beneficiary), or applies a break (the break machinery, PlayBreaksService). Nothing here touches a
 * wallet, the ledger, a bonus or a promotion.
 */
@Injectable()
export class CareService {
  private readonly logger = new Logger('Care');

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(CareRepository) private readonly care: CareRepository,
    @Inject(PlayBreakRepository) private readonly breaks: PlayBreakRepository,
    @Inject(PlayBreaksService) private readonly playBreaks: PlayBreaksService,
  ) {}

  /** Flagged players, each with their flags of `status` (default open; `all`: every status). */
  async list(status?: unknown): Promise<CarePlayer[]> {
    const wanted = status === undefined || status === '' ? 'open' : status;
    if (wanted !== 'all' && !(STATUSES as readonly unknown[]).includes(wanted)) {
      const message = 'Status is open, contacted, dismissed or all.';
      throw new BadRequestException({ message, errors: { status: message } });
    }
    const rows = await this.care.list(wanted === 'all' ? null : (wanted as (typeof STATUSES)[number]));
    const running = await this.breaks.runningOf([...new Set(rows.map((r) => r.user_id))]);
    const players = new Map<string, CarePlayer>();
    for (const row of rows) {
      const player =
        players.get(row.user_id) ??
        players
          .set(row.user_id, {
            userId: row.user_id,
            username: row.username,
            email: row.email,
            playBreak: running.get(row.user_id) ?? null,
            flags: [],
          })
          .get(row.user_id)!;
      player.flags.push(toFlag(row));
    }
    return [...players.values()];
  }

  /** Records that the operator contacted the player about a flag, or dismissed it, with a note. */
  async review(
    adminId: string,
    flagId: string,
    status: 'contacted' | 'dismissed',
    body: { note?: unknown },
  ): Promise<CareFlag> {
    const checked = validateCareNote(body);
    if (!checked.ok) throw new BadRequestException({ message: checked.message, errors: checked.errors });
    if (!isUuid(flagId)) throw new NotFoundException(CARE_MESSAGES.flagNotFound);
    const flag = await this.db.transaction().execute(async (trx) => {
      const reviewed = await this.care.review(trx, flagId, status, checked.note, adminId);
      if (!reviewed) return undefined;
      await this.care.audit(trx, {
        adminId,
        userId: reviewed.user_id,
        flagId,
        action: status === 'contacted' ? 'care.contacted' : 'care.dismissed',
        note: checked.note,
        metadata: { pattern: reviewed.pattern, previousStatus: reviewed.previous },
      });
      return this.care.find(trx, flagId);
    });
    if (!flag) throw new NotFoundException(CARE_MESSAGES.flagNotFound);
    this.logger.log({ msg: `care flag ${status}`, flagId, userId: flag.user_id, adminId, pattern: flag.pattern });
    return toFlag(flag);
  }

  /** A break (24 hours to 6 weeks) the operator applies: the player's sessions and sockets end; nobody can lift it. */
  async applyBreak(
    adminId: string,
    userId: string,
    body: { option?: unknown; reason?: unknown },
  ): Promise<PlayBreakView> {
    const input = validatePlayerActionReason(body);
    if (!input.ok) throw new BadRequestException({ message: input.error, errors: input.errors });
    return this.playBreaks.applyByOperator(adminId, userId, body.option, input.value.reason);
  }
}
