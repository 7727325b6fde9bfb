import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { BetBatchService, outcomeMessage } from '@app/bets';
import {
  placeBetPayloadSchema,
  type BalanceUpdate,
  type BetMessage,
  type GameKey,
  type PlaceBetInput,
} from '@app/contracts';
import {
  BET_MESSAGES,
  currentPeriod,
  isPeriodId,
  isValidBet,
  rupeesToPaise,
  STAKES,
  type PeriodTimes,
} from '@app/domain';
import { EventsPublisher, toBalanceUpdate, uuidv7, type BetCommand } from '@app/realtime';
import { RedisService } from '@app/redis';
import { ApiMetrics } from '../metrics/api-metrics.service.js';
import { SocketDeliveryService } from '../realtime/socket-delivery.service.js';
import { betHandoff, StreamHandoff, type BetHandoff } from './bet-handoff.js';
import { BetIntakeGate } from './bet-intake-gate.service.js';
import type { BetIntakeWatch } from './bet-intake-watch.js';
import { commandAge, STALE_BET_MESSAGE } from './command-age.js';
import { BET_UNAVAILABLE_MESSAGE, BetOutcomesService } from './bet-outcomes.service.js';
import { RoundsService } from './rounds.service.js';

export const BET_INTAKE_MESSAGES = {
  invalidRequest: BET_MESSAGES.invalidRequest,
  unavailable: BET_UNAVAILABLE_MESSAGE,
  stale: STALE_BET_MESSAGE,
} as const;

/**
 * What the place-bet schema (libs/contracts/src/socket.ts) refused, by the refusal it earns; `placeBet` gives them in
 * this order, between checks of its own: `request` (not an object of exactly the place-bet keys, or a commandId that
 * is not a UUID) → invalid request; `periodId` → period not open; `choice` (betType, betValue) → invalid choice;
 * `amount` → stake not allowed; `sentAt` (not a finite number) → invalid request, after the period's own checks.
 */
export type PlaceBetFault = 'request' | 'periodId' | 'choice' | 'amount' | 'sentAt';
const FAULTS: readonly PlaceBetFault[] = ['request', 'periodId', 'choice', 'amount', 'sentAt'];
const FAULT_OF: Record<string, PlaceBetFault> = {
  commandId: 'request',
  periodId: 'periodId',
  betType: 'choice',
  betValue: 'choice',
  amount: 'amount',
  sentAt: 'sentAt',
};

/** A place-bet at the door: the fields its schema accepts (all of them when `fault` is null), and its first fault. */
export interface PlaceBetAtDoor {
  bet: Partial<PlaceBetInput>;
  fault: PlaceBetFault | null;
}

/**
 * Checks a place-bet's payload against its schema before any work. When it fails, the fields that pass on their own
 * are still given: a refusal names the period and the game when it can.
 */
export function placeBetAtDoor(payload: unknown): PlaceBetAtDoor {
  const parsed = placeBetPayloadSchema.safeParse(payload);
  if (parsed.success) return { bet: parsed.data, fault: null };
  const faults = new Set(
    parsed.error.issues.map((issue) =>
      issue.path.length === 0 ? 'request' : (FAULT_OF[String(issue.path[0])] ?? 'request'),
    ),
  );
  const fault = FAULTS.find((f) => faults.has(f))!;
  if (fault === 'request') return { bet: {}, fault };
  const raw = payload as Record<string, unknown>;
  const bet: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(placeBetPayloadSchema.def.shape)) {
    const field = schema.safeParse(raw[key]);
    if (field.success && field.data !== undefined) bet[key] = field.data;
  }
  return { bet: bet as PlaceBetAtDoor['bet'], fault };
}

export interface IntakeOutcome {
  /** A reply for the player when the bet was refused here; undefined when it went on to be applied. */
  refusal?: BetMessage;
  /** The stored acceptance, when the hand-off looked failed but the bet pipeline had applied the bet already. */
  accepted?: BetMessage;
  /** With a stored acceptance: the player's balance since, sent after it as the pipeline follows its answers. */
  balance?: BalanceUpdate;
  /**
   * The client's command id, when the command was handed on (or its hand-off attempted): it may be on its partition
   * stream, so it is the player's own when they ask about it (get-bet-outcomes may then store its refusal).
   */
  handedOn?: string;
}

/**
 * Receives a place-bet: checks its payload at the door against its schema (libs/contracts/src/socket.ts), then what
 * can be checked without state (game and choice, stake, that the period is the one running and not locked, the
 * command's age), then hands it on through the pipeline's hand-off (BetHandoff, chosen once from BET_PIPELINE). In
 * the stream pipeline it becomes a command with a new id XADDed to the player's partition (its stream id time is the
 * moment it was received); the partition's consumer decides it against the balance and replies; a command the
 * consumer has not taken up within BET_ANSWER_TIMEOUT_MS is cancelled and refused here (BetIntakeWatch). In the
 * direct pipeline (the simple baseline the benchmark compares with) the same decision and writes run right here, one
 * transaction per bet.
 */
@Injectable()
export class BetIntakeService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('BetIntake');
  /** How an accepted bet goes on to be decided: the stream pipeline's or the direct one's, chosen once. */
  private readonly handoff: BetHandoff;
  private period?: PeriodTimes;

  constructor(
    @Inject(AppConfig) config: AppConfig,
    @Inject(RedisService) redis: RedisService,
    @Inject(RoundsService) private readonly rounds: RoundsService,
    @Inject(BetBatchService) batches: BetBatchService,
    @Inject(EventsPublisher) publisher: EventsPublisher,
    @Inject(BetIntakeGate) gate: BetIntakeGate,
    @Inject(BetOutcomesService) private readonly outcomes: BetOutcomesService,
    @Optional() @Inject(ApiMetrics) private readonly metrics?: ApiMetrics,
    // This node's socket delivery (SocketsModule); absent in a context without sockets.
    @Optional() @Inject(SocketDeliveryService) delivery?: SocketDeliveryService,
  ) {
    this.handoff = betHandoff(
      config,
      { batches, publisher },
      { redis, gate, outcomes, delivery: () => delivery ?? null, logger: this.logger, metrics },
    );
  }

  /** Handed-on bets waiting for the pipeline's answer (the stream pipeline's watch). */
  get watch(): BetIntakeWatch {
    if (!(this.handoff instanceof StreamHandoff)) throw new Error('the direct bet pipeline watches no hand-off');
    return this.handoff.watch;
  }

  /** Before the events tails start: each bet answer this node delivers ends the watch of its bet. */
  onModuleInit(): void {
    this.handoff.start();
  }

  onApplicationShutdown(): void {
    this.handoff.stop();
  }

  /** The period running at `now` (worked out once per period, not per bet). */
  private periodAt(now: number): PeriodTimes {
    if (!this.period || now < this.period.startTime || now >= this.period.endTime)
      this.period = currentPeriod(now, this.rounds.periodConfig);
    return this.period;
  }

  async placeBet(userId: string, payload: unknown): Promise<IntakeOutcome> {
    const now = Date.now();
    const refuse = (message: string, extra: Partial<BetMessage> = {}): IntakeOutcome => {
      this.metrics?.betRejected(message);
      return { refusal: { success: false, message, ...extra } };
    };
    // The door: the payload against its schema, before any work. A refusal follows the order of the checks below.
    const { bet, fault } = placeBetAtDoor(payload);
    if (fault === 'request') return refuse(BET_INTAKE_MESSAGES.invalidRequest);
    // Every answer names the command it answers, so a client can match it and a socket gets it once.
    const clientCommandId = bet.commandId?.toLowerCase();
    const refuseCommand = (message: string, extra: Partial<BetMessage> = {}) =>
      refuse(message, { ...extra, ...(clientCommandId ? { commandId: clientCommandId } : {}) });
    const { periodId, betType, betValue, amount } = bet;
    const period = this.periodAt(now);
    // The period running now is a valid id: only another one needs checking (its answer is the same refusal).
    if (
      fault === 'periodId' ||
      periodId === undefined ||
      (periodId !== period.periodId && !isPeriodId(periodId, this.rounds.periodConfig))
    ) {
      return refuseCommand(BET_MESSAGES.periodNotOpen);
    }
    const context = { periodId, ...(betType !== undefined ? { betType: betType as GameKey } : {}) };
    if (fault === 'choice' || betType === undefined || betValue === undefined || !isValidBet(betType, betValue))
      return refuseCommand(BET_MESSAGES.invalidChoice, context);
    if (fault === 'amount' || amount === undefined || !(STAKES as readonly number[]).includes(amount))
      return refuseCommand(BET_MESSAGES.stakeNotAllowed, context);
    if (periodId !== period.periodId) return refuseCommand(BET_MESSAGES.periodNotOpen, context);
    if (now >= period.lockTime) return refuseCommand(BET_MESSAGES.bettingClosed, context);
    // Sent too long ago (held in a buffer while the player was offline, then delivered): the player has been told
    // there was no answer, so it is refused here and never reaches the pipeline.
    const age = fault === 'sentAt' ? 'invalid' : commandAge(bet.sentAt, now);
    if (age === 'invalid') return refuseCommand(BET_INTAKE_MESSAGES.invalidRequest, context);
    if (age === 'stale') {
      this.logger.warn({
        msg: 'place-bet refused: sent too long ago',
        userId,
        commandId: clientCommandId,
        ageMs: now - bet.sentAt!,
      });
      return refuseCommand(BET_INTAKE_MESSAGES.stale, context);
    }
    const command: BetCommand = {
      id: uuidv7(now),
      userId,
      periodId,
      betType,
      betValue,
      amount: rupeesToPaise(amount),
      ...(clientCommandId ? { clientCommandId } : {}),
    };
    // From here the command may reach its partition stream: the socket remembers it as the player's own (get-bet-outcomes).
    const handed = (outcome: IntakeOutcome): IntakeOutcome =>
      clientCommandId ? { ...outcome, handedOn: clientCommandId } : outcome;
    try {
      const closedBy = await this.handoff.handOn(command, now);
      if (closedBy) {
        // Redis or Postgres is down: refused at once rather than queued (it would be answered, or charged, too late).
        this.logger.warn({
          msg: 'place-bet refused: intake closed',
          check: closedBy,
          userId,
          commandId: clientCommandId,
        });
        return refuseCommand(BET_INTAKE_MESSAGES.unavailable, context);
      }
      this.metrics?.betAccepted();
      return handed({});
    } catch (error) {
      this.logger.error({
        msg: 'place-bet could not be handed on',
        commandId: command.id,
        clientCommandId,
        userId,
        error: (error as Error).message,
      });
      const recovered = await this.handoff.recover(command, error as Error);
      if (recovered.kind === 'answered-later') return handed({});
      if (recovered.kind === 'stored') {
        const answer = outcomeMessage(recovered.outcome, recovered.outcome.bet).data as BetMessage;
        const { balance } = recovered.outcome;
        if (answer.success)
          return handed({
            accepted: answer,
            ...(balance ? { balance: toBalanceUpdate(balance.main, balance.bonus) } : {}),
          });
        return handed(refuse(answer.message, { ...context, commandId: answer.commandId }));
      }
      return handed(refuseCommand(BET_INTAKE_MESSAGES.unavailable, context));
    }
  }
}
