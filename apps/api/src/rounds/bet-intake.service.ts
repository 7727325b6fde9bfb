import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { BetBatchService } from '@app/bets';
import type { BetMessage } from '@app/contracts';
import { BET_MESSAGES, currentPeriod, isPeriodId, isValidBet, rupeesToPaise, STAKES } from '@app/domain';
import { COMMAND_FIELD, encodeCommand, EventsPublisher, partitionOf, uuidv7 } from '@app/realtime';
import { RedisService } from '@app/redis';
import { ApiMetrics } from '../metrics/api-metrics.service.js';
import { RoundsService } from './rounds.service.js';

export const BET_INTAKE_MESSAGES = {
  invalidRequest: 'Invalid bet request.',
  unavailable: 'Could not place your bet. Please try again.',
} as const;

/** Commands older than this are trimmed from a partition stream. */
const STREAM_RETENTION_MS = 60 * 60 * 1000;
const ALLOWED_KEYS = new Set(['periodId', 'betType', 'betValue', 'amount']);

export interface IntakeOutcome {
  /** A reply for the player when the bet was refused here; undefined when it went on to be applied. */
  refusal?: BetMessage;
}

/**
 * Receives a place-bet: checks what can be checked without state (shape, game and choice, stake, that the
 * period is the one running and not locked), then hands it on. In the stream pipeline it becomes a command with
 * a new id XADDed to the player's partition (its stream id time is the moment it was received); the partition's
 * consumer decides it against the balance and replies. In the direct pipeline (the simple baseline the benchmark
 * compares with) the same decision and writes run right here, one transaction per bet.
 */
@Injectable()
export class BetIntakeService {
  private readonly logger = new Logger('BetIntake');

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(RoundsService) private readonly rounds: RoundsService,
    @Inject(BetBatchService) private readonly batches: BetBatchService,
    @Inject(EventsPublisher) private readonly publisher: EventsPublisher,
    @Optional() @Inject(ApiMetrics) private readonly metrics?: ApiMetrics,
  ) {}

  async placeBet(userId: string, payload: unknown): Promise<IntakeOutcome> {
    const now = Date.now();
    const refuse = (message: string, extra: Partial<BetMessage> = {}): IntakeOutcome => {
      this.metrics?.betRejected(message);
      return { refusal: { success: false, message, ...extra } };
    };
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return refuse(BET_INTAKE_MESSAGES.invalidRequest);
    const body = payload as Record<string, unknown>;
    if (Object.keys(body).some((k) => !ALLOWED_KEYS.has(k))) return refuse(BET_INTAKE_MESSAGES.invalidRequest);
    const { periodId, betType, betValue, amount } = body;
    if (typeof periodId !== 'string' || !isPeriodId(periodId, this.rounds.periodConfig)) return refuse(BET_MESSAGES.periodNotOpen);
    const context = { periodId, ...(typeof betType === 'string' ? { betType: betType as BetMessage['betType'] } : {}) };
    if (typeof betType !== 'string' || typeof betValue !== 'string' || !isValidBet(betType, betValue)) return refuse(BET_MESSAGES.invalidChoice, context);
    if (typeof amount !== 'number' || !(STAKES as readonly number[]).includes(amount)) return refuse(BET_MESSAGES.stakeNotAllowed, context);
    const period = currentPeriod(now, this.rounds.periodConfig);
    if (periodId !== period.periodId) return refuse(BET_MESSAGES.periodNotOpen, context);
    if (now >= period.lockTime) return refuse(BET_MESSAGES.bettingClosed, context);

    const command = { id: uuidv7(now), userId, periodId, betType, betValue, amount: rupeesToPaise(amount) };
    this.logger.debug({ msg: 'place-bet received', commandId: command.id, userId, periodId, betType, amount: command.amount });
    try {
      if (this.config.BET_PIPELINE === 'direct') {
        const result = await this.batches.apply(-1, [{ id: `${now}-0`, fields: [COMMAND_FIELD, encodeCommand(command)] }]);
        await this.publisher.publish(result.messages);
      } else {
        const partition = partitionOf(userId, this.config.BET_PARTITIONS);
        await this.redis.client.xadd(
          this.redis.keys.betCommands(partition),
          'MINID',
          '~',
          String(now - STREAM_RETENTION_MS),
          '*',
          COMMAND_FIELD,
          encodeCommand(command),
        );
      }
      this.metrics?.betAccepted();
      return {};
    } catch (error) {
      this.logger.error({ msg: 'place-bet could not be handed on', commandId: command.id, userId, error: (error as Error).message });
      return refuse(BET_INTAKE_MESSAGES.unavailable, context);
    }
  }
}
