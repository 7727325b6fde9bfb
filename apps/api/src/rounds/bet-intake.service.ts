import { Inject, Injectable, Logger, Optional, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { AppConfig } from '@app/config';
import { arbiterKey, BetBatchService, cancelCommands } from '@app/bets';
import type { BetMessage } from '@app/contracts';
import { BET_MESSAGES, currentPeriod, isPeriodId, isValidBet, rupeesToPaise, STAKES, type PeriodTimes } from '@app/domain';
import { outcomeMessage } from '@app/bets';
import { COMMAND_FIELD, encodeCommand, EventsPublisher, partitionOf, UUID_PATTERN, uuidv7 } from '@app/realtime';
import { RedisService, withDeadline } from '@app/redis';
import { ApiMetrics } from '../metrics/api-metrics.service.js';
import { SocketDeliveryService } from '../realtime/socket-delivery.service.js';
import { BetIntakeGate } from './bet-intake-gate.service.js';
import { BetIntakeWatch } from './bet-intake-watch.js';
import { CommandHandoff } from './command-handoff.js';
import { BET_UNAVAILABLE_MESSAGE, BetOutcomesService } from './bet-outcomes.service.js';
import { RoundsService } from './rounds.service.js';

export const BET_INTAKE_MESSAGES = {
  invalidRequest: BET_MESSAGES.invalidRequest,
  unavailable: BET_UNAVAILABLE_MESSAGE,
} as const;

/** ioredis' error for a command refused at once because the connection is down (it was never sent). */
const NOT_SENT = /enableOfflineQueue|Stream isn't writeable/i;

/**
 * Longest the cancellation of a bet whose hand-off was uncertain may take before the database decides instead (a
 * late cancellation that still lands only agrees with the refusal stored there).
 */
const UNCERTAIN_CANCEL_DEADLINE_MS = 250;

/** Commands older than this are trimmed from a partition stream. */
const STREAM_RETENTION_MS = 60 * 60 * 1000;
const ALLOWED_KEYS = new Set(['periodId', 'betType', 'betValue', 'amount', 'commandId']);

export interface IntakeOutcome {
  /** A reply for the player when the bet was refused here; undefined when it went on to be applied. */
  refusal?: BetMessage;
  /** The stored acceptance, when the hand-off looked failed but the bet pipeline had applied the bet already. */
  accepted?: BetMessage;
}

/**
 * Receives a place-bet: checks what can be checked without state (shape, game and choice, stake, that the
 * period is the one running and not locked), then hands it on. In the stream pipeline it becomes a command with
 * a new id XADDed to the player's partition (its stream id time is the moment it was received); the partition's
 * consumer decides it against the balance and replies; a command the consumer has not taken up within
 * BET_ANSWER_TIMEOUT_MS is cancelled and refused here (BetIntakeWatch). In the direct pipeline (the simple baseline the benchmark
 * compares with) the same decision and writes run right here, one transaction per bet.
 */
@Injectable()
export class BetIntakeService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('BetIntake');
  /** Handed-on bets waiting for the pipeline's answer (stream pipeline only). */
  readonly watch: BetIntakeWatch;
  /** Bets taken in within a couple of milliseconds go to Redis in one round trip (fail-fast connection). */
  private readonly handoff: CommandHandoff;
  private delivery?: SocketDeliveryService | null;
  private period?: PeriodTimes;

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(RoundsService) private readonly rounds: RoundsService,
    @Inject(BetBatchService) private readonly batches: BetBatchService,
    @Inject(EventsPublisher) private readonly publisher: EventsPublisher,
    @Inject(BetIntakeGate) private readonly gate: BetIntakeGate,
    @Inject(BetOutcomesService) private readonly outcomes: BetOutcomesService,
    @Inject(ModuleRef) private readonly moduleRef: ModuleRef,
    @Optional() @Inject(ApiMetrics) private readonly metrics?: ApiMetrics,
  ) {
    this.handoff = new CommandHandoff(() => this.redis.failFast);
    this.watch = new BetIntakeWatch({
      redis: () => this.redis.failFast,
      prefix: this.redis.keys.prefix,
      eventsStream: this.redis.keys.events,
      timeoutMs: this.config.BET_ANSWER_TIMEOUT_MS,
      record: (commands) => this.outcomes.refuseCancelled(commands),
      databaseDown: () => this.gate.closedBy() === 'postgres',
      deliverLocally: async (messages) => {
        await this.socketDelivery()?.deliver(messages);
      },
      logger: this.logger,
      onCancelled: (count) => {
        for (let i = 0; i < count; i++) this.metrics?.betRejected(BET_INTAKE_MESSAGES.unavailable);
      },
    });
  }

  /** Before the events tails start: each bet answer this node delivers ends the watch of its bet. */
  onModuleInit(): void {
    if (this.config.BET_PIPELINE === 'direct') return;
    this.socketDelivery()?.onBetAnswer((userId, commandId) => this.watch.answered(userId, commandId));
  }

  onApplicationShutdown(): void {
    this.handoff.stop();
    this.watch.stop();
  }

  /** This node's socket delivery (absent in a context without sockets). */
  private socketDelivery(): SocketDeliveryService | null {
    if (this.delivery === undefined) {
      try {
        this.delivery = this.moduleRef.get(SocketDeliveryService, { strict: false });
      } catch {
        this.delivery = null;
      }
    }
    return this.delivery;
  }

  /** The period running at `now` (worked out once per period, not per bet). */
  private periodAt(now: number): PeriodTimes {
    if (!this.period || now < this.period.startTime || now >= this.period.endTime) this.period = currentPeriod(now, this.rounds.periodConfig);
    return this.period;
  }

  async placeBet(userId: string, payload: unknown): Promise<IntakeOutcome> {
    const now = Date.now();
    const refuse = (message: string, extra: Partial<BetMessage> = {}): IntakeOutcome => {
      this.metrics?.betRejected(message);
      return { refusal: { success: false, message, ...extra } };
    };
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return refuse(BET_INTAKE_MESSAGES.invalidRequest);
    const body = payload as Record<string, unknown>;
    if (Object.keys(body).some((k) => !ALLOWED_KEYS.has(k))) return refuse(BET_INTAKE_MESSAGES.invalidRequest);
    if (body.commandId !== undefined && (typeof body.commandId !== 'string' || !UUID_PATTERN.test(body.commandId.toLowerCase()))) {
      return refuse(BET_INTAKE_MESSAGES.invalidRequest);
    }
    // Every answer names the command it answers, so a client can match it and a socket gets it once.
    const clientCommandId = typeof body.commandId === 'string' ? body.commandId.toLowerCase() : undefined;
    const refuseCommand = (message: string, extra: Partial<BetMessage> = {}) =>
      refuse(message, { ...extra, ...(clientCommandId ? { commandId: clientCommandId } : {}) });
    const { periodId, betType, betValue, amount } = body;
    const period = this.periodAt(now);
    // The period running now is a valid id: only another one needs checking (its answer is the same refusal).
    if (typeof periodId !== 'string' || (periodId !== period.periodId && !isPeriodId(periodId, this.rounds.periodConfig))) return refuseCommand(BET_MESSAGES.periodNotOpen);
    const context = { periodId, ...(typeof betType === 'string' ? { betType: betType as BetMessage['betType'] } : {}) };
    if (typeof betType !== 'string' || typeof betValue !== 'string' || !isValidBet(betType, betValue)) return refuseCommand(BET_MESSAGES.invalidChoice, context);
    if (typeof amount !== 'number' || !(STAKES as readonly number[]).includes(amount)) return refuseCommand(BET_MESSAGES.stakeNotAllowed, context);
    if (periodId !== period.periodId) return refuseCommand(BET_MESSAGES.periodNotOpen, context);
    if (now >= period.lockTime) return refuseCommand(BET_MESSAGES.bettingClosed, context);
    // Redis or Postgres is down: refused at once rather than queued (it would be answered, or charged, too late).
    const closedBy = this.config.BET_PIPELINE === 'direct' ? null : this.gate.closedBy(now);
    if (closedBy) {
      this.logger.warn({ msg: 'place-bet refused: intake closed', check: closedBy, userId, commandId: clientCommandId });
      return refuseCommand(BET_INTAKE_MESSAGES.unavailable, context);
    }

    const command = { id: uuidv7(now), userId, periodId, betType, betValue, amount: rupeesToPaise(amount), ...(clientCommandId ? { clientCommandId } : {}) };
    try {
      if (this.config.BET_PIPELINE === 'direct') {
        const result = await this.batches.apply(-1, [{ id: `${now}-0`, fields: [COMMAND_FIELD, encodeCommand(command)] }]);
        await this.publisher.publish(result.messages);
      } else {
        const partition = partitionOf(userId, this.config.BET_PARTITIONS);
        // Fail-fast connection: never queued while Redis is away, never waits past its command timeout.
        await this.handoff.add(this.redis.keys.betCommands(partition), ['MINID', '~', String(now - STREAM_RETENTION_MS), '*', COMMAND_FIELD, encodeCommand(command)]);
      }
      if (this.config.BET_PIPELINE !== 'direct') {
        this.watch.watch({ userId, commandId: clientCommandId ?? command.id, periodId, betType, handedAt: now });
      }
      this.metrics?.betAccepted();
      return {};
    } catch (error) {
      const reason = (error as Error).message;
      this.logger.error({ msg: 'place-bet could not be handed on', commandId: command.id, clientCommandId, userId, error: reason });
      if (this.config.BET_PIPELINE !== 'direct' && !NOT_SENT.test(reason)) {
        // It may have reached the stream after all: cancel it in the arbiter, so it is never applied; if the
        // pipeline claimed it first, its own answer is on the way.
        const key = arbiterKey(this.redis.keys.prefix, userId, clientCommandId ?? command.id);
        const cancelled = await withDeadline(cancelCommands(this.redis.failFast, [key]), UNCERTAIN_CANCEL_DEADLINE_MS, 'cancelling a bet').then(
          ([verdict]) => verdict,
          () => undefined,
        );
        if (cancelled === true) return refuseCommand(BET_INTAKE_MESSAGES.unavailable, context);
        if (cancelled === false) return {};
        // Redis did not answer (a timeout, a connection cut mid-command): store the refusal
        // first, so it is never applied later; if it was applied already, its real answer is the one given.
        const stored = await this.outcomes.refuseUncertain(userId, clientCommandId ?? command.id);
        if (stored && stored.kind !== 'unavailable') {
          const answer = outcomeMessage(stored).data as BetMessage;
          if (answer.success) return { accepted: answer };
          return refuse(answer.message, { ...context, commandId: answer.commandId });
        }
      }
      return refuseCommand(BET_INTAKE_MESSAGES.unavailable, context);
    }
  }
}
