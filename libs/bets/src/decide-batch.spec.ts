import {
  BET_MESSAGES,
  PLAY_BREAK_MESSAGES,
  limitMessage,
  periodLockMs,
  type BetEvent,
  type LimitUsage,
  type RunningPlayBreak,
} from '@app/domain';
import type { BetCommand } from '@app/realtime';
import type { ParsedCommand } from './bet-batch-parse.js';
import type { StoredOutcome } from './bet-outcomes.js';
import { decideBatch, type BatchPlayer, type BatchState } from './decide-batch.js';

const PERIOD = '202611212880';
const NEXT = '202611220001';
const LOCK = periodLockMs(PERIOD); // 23:59:55 IST
const BEFORE_LOCK = LOCK - 10_000;
const CONFIG = { roundSeconds: 30, lockSeconds: 5 };

const uuid = (n: number) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const ALICE = uuid(901);
const BOB = uuid(902);

let entry = 0;
/** A command as the parse step gives it: ₹100 on big by Alice, received 10 s before the lock, unless said otherwise. */
function command(overrides: Partial<BetCommand> & { receivedAtMs?: number } = {}): ParsedCommand {
  const { receivedAtMs = BEFORE_LOCK, ...fields } = overrides;
  entry++;
  return {
    entryId: `${receivedAtMs}-${entry}`,
    receivedAtMs,
    command: {
      id: uuid(entry),
      userId: ALICE,
      periodId: PERIOD,
      betType: 'bigSmall',
      betValue: 'big',
      amount: 10_000,
      ...fields,
    },
  };
}

const player = (userId: string, fields: Partial<BatchPlayer> = {}): BatchPlayer => ({
  userId,
  main: 0,
  bonus: 0,
  suspended: false,
  away: null,
  lossLimits: [],
  ...fields,
});
const open = { id: PERIOD, status: 'OPEN', lockAtMs: LOCK };

/** Each command's answer: 'placed' (from bonus, from main) or its refusal code and text. */
type Answer = ['placed', number, number] | [code: string, message: string];
function answerOf(event: BetEvent): Answer {
  return event.type === 'BetPlaced'
    ? ['placed', event.data.fromBonus, event.data.fromMain]
    : [event.data.code, event.data.reason];
}

/** Given the state the read step found, when a batch of commands, then each command's answer (and the repeats). */
function given(state: Partial<BatchState>) {
  const full: BatchState = { stored: [], periods: [open], players: [], gamesBet: [], ...state };
  return {
    when(...commands: ParsedCommand[]) {
      const decision = decideBatch(commands, full, CONFIG);
      return {
        decision,
        then(...answers: Answer[]) {
          expect(decision.events.map(answerOf)).toEqual(answers);
          return this;
        },
        thenAnsweredBefore(stored: StoredOutcome[], duplicates = stored.length) {
          expect(decision.answeredBefore).toEqual(stored);
          expect(decision.duplicates).toBe(duplicates);
          return this;
        },
      };
    },
  };
}

describe('decideBatch: a batch of place-bets, decided in stream order', () => {
  it('given ₹30 bonus and ₹150 main, when two ₹100 bets on two games, then the first takes the bonus first and the second finds ₹80 left', () => {
    given({ players: [player(ALICE, { main: 15_000, bonus: 3_000 })] })
      .when(command(), command({ betType: 'color', betValue: 'red' }))
      .then(['placed', 3_000, 7_000], ['INSUFFICIENT_BALANCE', BET_MESSAGES.insufficientBalance]);
  });

  it('given two players, when each bets, then each is decided on their own balance', () => {
    given({ players: [player(ALICE, { main: 10_000 }), player(BOB, { main: 5_000 })] })
      .when(command(), command({ userId: BOB }))
      .then(['placed', 0, 10_000], ['INSUFFICIENT_BALANCE', BET_MESSAGES.insufficientBalance]);
  });

  it('given a player without a wallet, when they bet, then the balance does not cover it', () => {
    given({}).when(command()).then(['INSUFFICIENT_BALANCE', BET_MESSAGES.insufficientBalance]);
  });

  describe('duplicate commands', () => {
    it('when a command is sent twice within the batch (one client command id), then the first is decided and the repeat dropped', () => {
      const clientCommandId = uuid(500);
      const { decision } = given({ players: [player(ALICE, { main: 50_000 })] })
        .when(command({ clientCommandId }), command({ clientCommandId, betType: 'color', betValue: 'red' }))
        .then(['placed', 0, 10_000])
        .thenAnsweredBefore([], 1);
      // The answer is stored and sent under the client's command id.
      expect(
        decision.keyById.get((decision.events[0] as Extract<BetEvent, { type: 'BetPlaced' }>).data.commandId),
      ).toBe(clientCommandId);
    });

    it('given a command answered before (redelivered after a crash), when it comes again, then it is answered from its stored answer and not applied', () => {
      const again = command({ clientCommandId: uuid(501) });
      const stored: StoredOutcome = {
        user_id: ALICE,
        command_id: uuid(501),
        kind: 'accepted',
        bet_id: again.command.id,
        period_id: PERIOD,
        message: BET_MESSAGES.placed,
      };
      given({ stored: [stored], players: [player(ALICE, { main: 50_000 })] })
        .when(again, command())
        .then(['placed', 0, 10_000])
        .thenAnsweredBefore([stored]);
    });

    it('given a refusal an api node stored (the player was told it could not be placed), when the command turns up, then it is not applied', () => {
      const late = command();
      const stored: StoredOutcome = {
        user_id: ALICE,
        command_id: late.command.id,
        kind: 'unavailable',
        bet_id: null,
        period_id: null,
        message: BET_MESSAGES.unavailable,
      };
      given({ stored: [stored], players: [player(ALICE, { main: 50_000 })] })
        .when(late)
        .then()
        .thenAnsweredBefore([stored]);
    });
  });

  describe('stale periods', () => {
    it('when a command names another period than the one it was received in, then the period is not open', () => {
      given({ players: [player(ALICE, { main: 50_000 })] })
        .when(command({ periodId: NEXT }))
        .then(['PERIOD_NOT_OPEN', BET_MESSAGES.periodNotOpen]);
    });

    it('when it was received at the lock or after, then betting is closed', () => {
      given({ players: [player(ALICE, { main: 50_000 })] })
        .when(command({ receivedAtMs: LOCK }))
        .then(['BETTING_CLOSED', BET_MESSAGES.bettingClosed]);
    });

    it('given the period drawn since, when a bet received before its lock is applied now, then it is placed', () => {
      given({ periods: [{ ...open, status: 'DRAWN' }], players: [player(ALICE, { main: 50_000 })] })
        .when(command())
        .then(['placed', 0, 10_000]);
    });

    it('given the period settled or refunded, or unknown, when a bet of it is applied, then no period takes it', () => {
      given({ periods: [{ ...open, status: 'SETTLED' }], players: [player(ALICE, { main: 50_000 })] })
        .when(command())
        .then(['NO_PERIOD', BET_MESSAGES.noPeriod]);
      given({ periods: [], players: [player(ALICE, { main: 50_000 })] })
        .when(command())
        .then(['NO_PERIOD', BET_MESSAGES.noPeriod]);
    });
  });

  describe('one bet per game and period', () => {
    it('given a bet on big/small already this period, when another, then it is refused', () => {
      given({
        players: [player(ALICE, { main: 50_000 })],
        gamesBet: [{ userId: ALICE, periodId: PERIOD, betType: 'bigSmall' }],
      })
        .when(command())
        .then(['ALREADY_BET', BET_MESSAGES.alreadyBet]);
    });

    it('when two bets on one game come in one batch, then the second is refused', () => {
      given({ players: [player(ALICE, { main: 50_000 })] })
        .when(command(), command({ betValue: 'small' }))
        .then(['placed', 0, 10_000], ['ALREADY_BET', BET_MESSAGES.alreadyBet]);
    });
  });

  describe("the player's limits and breaks", () => {
    const limit: LimitUsage = { kind: 'loss24h', limitPaise: 15_000, usedPaise: 0, oldestAtMs: null };

    it('given a ₹150 daily loss limit, when two ₹100 bets, then the first counts against it and the second passes it', () => {
      const { decision } = given({ players: [player(ALICE, { main: 50_000, lossLimits: [limit] })] }).when(
        command(),
        command({ betType: 'color', betValue: 'red' }),
      );
      expect(decision.events.map((e) => e.type)).toEqual(['BetPlaced', 'BetRejected']);
      const refused = decision.events[1] as Extract<BetEvent, { type: 'BetRejected' }>;
      expect(refused.data.code).toBe('LOSS_LIMIT');
      expect(refused.data.reason).toBe(limitMessage({ ...limit, usedPaise: 10_000, oldestAtMs: BEFORE_LOCK }));
    });

    it('given a break running, when the player bets, then it is refused with the break notice', () => {
      const away: RunningPlayBreak = {
        kind: 'break',
        phase: 'break',
        untilMs: LOCK + 86_400_000,
        endsAtMs: LOCK + 86_400_000,
        startedAtMs: LOCK - 3_600_000,
      };
      given({ players: [player(ALICE, { main: 50_000, away })] })
        .when(command())
        .then(['PLAY_BREAK', PLAY_BREAK_MESSAGES.notice(away)]);
    });

    it('given the account suspended, when the player bets, then it is refused', () => {
      given({ players: [player(ALICE, { main: 50_000, suspended: true })] })
        .when(command())
        .then(['SUSPENDED', BET_MESSAGES.suspended]);
    });
  });

  it('when the batch holds no command (fences only), then nothing is decided', () => {
    given({}).when().then().thenAnsweredBefore([], 0);
  });
});
