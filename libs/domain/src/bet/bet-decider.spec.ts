import type { BetEvent, BetState, PlaceBet } from './bet-decider.js';
import { betDecider, decideBet, decideBets, evolveBet, initialBetState } from './bet-decider.js';
import { periodLockMs } from '../period/period-clock.js';
import { BET_MESSAGES } from '../validation/bet.js';

/** Decider specification: given a state (and events already applied), when a command, then the event. */
function given(state: BetState, ...history: BetEvent[]) {
  const current = history.reduce(evolveBet, state);
  return {
    when(command: PlaceBet) {
      return {
        then(expected: BetEvent) {
          expect(decideBet(command, current)).toEqual(expected);
        },
        thenRejected(code: string, reason: string) {
          expect(decideBet(command, current)).toEqual({
            type: 'BetRejected',
            data: {
              commandId: command.commandId,
              userId: command.userId,
              periodId: command.periodId,
              code,
              reason,
              receivedAtMs: command.receivedAtMs,
            },
          });
        },
      };
    },
  };
}

const PERIOD = '202611212880';
const LOCK = periodLockMs(PERIOD); // 23:59:55 IST

const openPeriod = (balances: { main: number; bonus: number }, games: BetState['gamesBetThisPeriod'] = new Set()) =>
  initialBetState({ ...balances, currentPeriodId: PERIOD, periodLockMs: LOCK, gamesBetThisPeriod: games });

const placeBet = (overrides: Partial<PlaceBet> = {}): PlaceBet => ({
  commandId: 'c-1',
  userId: 'u-1',
  periodId: PERIOD,
  betType: 'bigSmall',
  betValue: 'big',
  amount: 10_000,
  receivedAtMs: LOCK - 10_000,
  ...overrides,
});

const placed = (
  command: PlaceBet,
  split: { fromBonus: number; fromMain: number; mainAfter: number; bonusAfter: number },
): BetEvent => ({
  type: 'BetPlaced',
  data: {
    commandId: command.commandId,
    userId: command.userId,
    periodId: command.periodId,
    betType: command.betType as 'bigSmall',
    betValue: command.betValue,
    amount: command.amount,
    ...split,
    receivedAtMs: command.receivedAtMs,
  },
});

describe('placing a bet', () => {
  it('given ₹500 main, when ₹100 on big, then the bet is placed from main, leaving ₹400', () => {
    const command = placeBet();
    given(openPeriod({ main: 50_000, bonus: 0 }))
      .when(command)
      .then(placed(command, { fromBonus: 0, fromMain: 10_000, mainAfter: 40_000, bonusAfter: 0 }));
  });

  it('given ₹30 bonus and ₹500 main, when ₹100, then ₹30 comes from bonus and ₹70 from main', () => {
    const command = placeBet();
    given(openPeriod({ main: 50_000, bonus: 3_000 }))
      .when(command)
      .then(placed(command, { fromBonus: 3_000, fromMain: 7_000, mainAfter: 43_000, bonusAfter: 0 }));
  });

  it('given ₹200 bonus, when ₹100, then all of it comes from bonus', () => {
    const command = placeBet();
    given(openPeriod({ main: 0, bonus: 20_000 }))
      .when(command)
      .then(placed(command, { fromBonus: 10_000, fromMain: 0, mainAfter: 0, bonusAfter: 10_000 }));
  });

  it('given exactly the stake across both balances, when betting it all, then it is placed and both reach 0', () => {
    const command = placeBet({ amount: 1_000 });
    given(openPeriod({ main: 400, bonus: 600 }))
      .when(command)
      .then(placed(command, { fromBonus: 600, fromMain: 400, mainAfter: 0, bonusAfter: 0 }));
  });

  it('given a bet on big/small, when betting on colour in the same period, then it is placed', () => {
    const first = placeBet({ commandId: 'c-1' });
    const second = placeBet({ commandId: 'c-2', betType: 'color', betValue: 'violet', amount: 5_000 });
    given(
      openPeriod({ main: 50_000, bonus: 0 }),
      placed(first, { fromBonus: 0, fromMain: 10_000, mainAfter: 40_000, bonusAfter: 0 }),
    )
      .when(second)
      .then(placed(second, { fromBonus: 0, fromMain: 5_000, mainAfter: 35_000, bonusAfter: 0 }));
  });

  it('accepts every game and stake of the spec', () => {
    for (const [betType, betValue] of [
      ['color', 'red'],
      ['color', 'green'],
      ['bigSmall', 'small'],
      ['number', '0'],
      ['number', '9'],
    ]) {
      for (const amount of [1_000, 5_000, 10_000, 20_000, 50_000, 100_000]) {
        expect(decideBet(placeBet({ betType, betValue, amount }), openPeriod({ main: 100_000, bonus: 0 })).type).toBe(
          'BetPlaced',
        );
      }
    }
  });
});

describe('the lock: received strictly before it', () => {
  it('given an open period, when received 1 ms before the lock, then placed', () => {
    expect(decideBet(placeBet({ receivedAtMs: LOCK - 1 }), openPeriod({ main: 50_000, bonus: 0 })).type).toBe(
      'BetPlaced',
    );
  });

  it('when received exactly at the lock, then rejected: betting is closed', () => {
    given(openPeriod({ main: 50_000, bonus: 0 }))
      .when(placeBet({ receivedAtMs: LOCK }))
      .thenRejected('BETTING_CLOSED', 'Betting is closed for this period.');
  });

  it('when received 1 ms after the lock, then rejected: betting is closed', () => {
    given(openPeriod({ main: 50_000, bonus: 0 }))
      .when(placeBet({ receivedAtMs: LOCK + 1 }))
      .thenRejected('BETTING_CLOSED', BET_MESSAGES.bettingClosed);
  });
});

describe('rejections', () => {
  it('given no period taking bets, then: no round is running', () => {
    given(initialBetState({ main: 50_000 }))
      .when(placeBet())
      .thenRejected('NO_PERIOD', 'No round is running. Please wait for the next period.');
  });

  it('given period …2880, when the command names the next period, then: not open', () => {
    given(openPeriod({ main: 50_000, bonus: 0 }))
      .when(placeBet({ periodId: '202611220001' }))
      .thenRejected('PERIOD_NOT_OPEN', 'This period is not open for betting.');
  });

  it.each([
    ['color', 'blue'],
    ['number', '10'],
    ['number', 'seven'],
    ['bigSmall', 'BIG'],
    ['dice', '3'],
  ])('when betting %s / %s, then: choose a valid option', (betType, betValue) => {
    given(openPeriod({ main: 50_000, bonus: 0 }))
      .when(placeBet({ betType, betValue }))
      .thenRejected('INVALID_CHOICE', 'Please choose a valid option for this game.');
  });

  it.each([0, -1_000])('when the stake is %i paise, then: select a stake', (amount) => {
    given(openPeriod({ main: 50_000, bonus: 0 }))
      .when(placeBet({ amount }))
      .thenRejected('INVALID_STAKE', 'Please select a stake.');
  });

  it.each([1_500, 999, 100_001, 200_000, 10_000.5])(
    'when the stake is %d paise, then: stake must be an allowed one',
    (amount) => {
      given(openPeriod({ main: 500_000, bonus: 0 }))
        .when(placeBet({ amount }))
        .thenRejected('INVALID_STAKE', 'Stake must be ₹10, ₹50, ₹100, ₹200, ₹500 or ₹1,000.');
    },
  );

  it('given a bet on big/small already, when a second big/small bet in the period, then: already placed', () => {
    const first = placeBet({ commandId: 'c-1' });
    given(
      openPeriod({ main: 50_000, bonus: 0 }),
      placed(first, { fromBonus: 0, fromMain: 10_000, mainAfter: 40_000, bonusAfter: 0 }),
    )
      .when(placeBet({ commandId: 'c-2', betValue: 'small' }))
      .thenRejected('ALREADY_BET', 'You have already placed a bet on this game in this period.');
  });

  it('given a restored state with a colour bet, when another colour bet, then: already placed', () => {
    given(openPeriod({ main: 50_000, bonus: 0 }, new Set(['color'])))
      .when(placeBet({ betType: 'color', betValue: 'red' }))
      .thenRejected('ALREADY_BET', BET_MESSAGES.alreadyBet);
  });

  it('given ₹60 main and ₹39.99 bonus, when ₹100, then: insufficient balance', () => {
    given(openPeriod({ main: 6_000, bonus: 3_999 }))
      .when(placeBet())
      .thenRejected('INSUFFICIENT_BALANCE', 'Insufficient balance.');
  });

  it('given ₹150, a ₹100 bet placed, when another ₹100 on another game, then: insufficient balance', () => {
    const first = placeBet({ commandId: 'c-1' });
    given(
      openPeriod({ main: 15_000, bonus: 0 }),
      placed(first, { fromBonus: 0, fromMain: 10_000, mainAfter: 5_000, bonusAfter: 0 }),
    )
      .when(placeBet({ commandId: 'c-2', betType: 'number', betValue: '3' }))
      .thenRejected('INSUFFICIENT_BALANCE', BET_MESSAGES.insufficientBalance);
  });

  it('given a suspended account with ₹500, when a valid bet, then: refused in the words of every suspended refusal', () => {
    given({ ...openPeriod({ main: 50_000, bonus: 0 }), suspended: true })
      .when(placeBet())
      .thenRejected('SUSPENDED', 'This account has been suspended. Please contact support.');
  });

  it('checks the period before the lock, and the lock before the choice and the stake', () => {
    const late = placeBet({ receivedAtMs: LOCK, betValue: 'nope', amount: 7 });
    expect(decideBet(late, initialBetState())).toMatchObject({ data: { code: 'NO_PERIOD' } });
    expect(decideBet(late, openPeriod({ main: 0, bonus: 0 }))).toMatchObject({ data: { code: 'BETTING_CLOSED' } });
    expect(decideBet({ ...late, receivedAtMs: LOCK - 1 }, openPeriod({ main: 0, bonus: 0 }))).toMatchObject({
      data: { code: 'INVALID_CHOICE' },
    });
  });
});

describe('evolve and batches', () => {
  it('a placed bet lowers the balances and marks the game; a rejection changes nothing', () => {
    const state = openPeriod({ main: 50_000, bonus: 3_000 });
    const event = decideBet(placeBet(), state);
    const after = evolveBet(state, event);
    expect(after.main).toBe(43_000);
    expect(after.bonus).toBe(0);
    expect([...after.gamesBetThisPeriod]).toEqual(['bigSmall']);
    expect(state.gamesBetThisPeriod.size).toBe(0); // the given state is not mutated

    const rejected = decideBet(placeBet({ amount: 3 }), after);
    expect(evolveBet(after, rejected)).toBe(after);
  });

  it('a batch of one player’s commands applies in order: the duplicate game and the overdraft are rejected', () => {
    const { events, state } = decideBets(
      [
        placeBet({ commandId: 'a', betType: 'color', betValue: 'red', amount: 20_000 }),
        placeBet({ commandId: 'b', betType: 'color', betValue: 'green', amount: 1_000 }),
        placeBet({ commandId: 'c', betType: 'number', betValue: '7', amount: 50_000 }),
        placeBet({ commandId: 'd', betType: 'bigSmall', betValue: 'small', amount: 10_000 }),
      ],
      openPeriod({ main: 25_000, bonus: 5_000 }),
    );
    expect(
      events.map((e) => (e.type === 'BetPlaced' ? `${e.data.commandId}:placed` : `${e.data.commandId}:${e.data.code}`)),
    ).toEqual(['a:placed', 'b:ALREADY_BET', 'c:INSUFFICIENT_BALANCE', 'd:placed']);
    expect({ main: state.main, bonus: state.bonus }).toEqual({ main: 0, bonus: 0 });
    expect([...state.gamesBetThisPeriod].sort()).toEqual(['bigSmall', 'color']);
  });

  it('exposes the emmett shape { decide, evolve, initialState }', () => {
    const state = betDecider.initialState({ main: 10_000, currentPeriodId: PERIOD, periodLockMs: LOCK });
    const event = betDecider.decide(placeBet(), state);
    expect(event.type).toBe('BetPlaced');
    expect(betDecider.evolve(state, event).main).toBe(0);
  });
});

describe('a player on a break or self-excluded', () => {
  it('given a break running, when a valid bet, then: refused with the end of the break', () => {
    const away = {
      kind: 'break' as const,
      phase: 'break' as const,
      untilMs: Date.parse('2026-12-06T08:35:00Z'),
      endsAtMs: Date.parse('2026-12-06T08:35:00Z'),
      startedAtMs: 0,
    };
    const event = decideBet(placeBet(), { ...openPeriod({ main: 50_000, bonus: 0 }), away });
    expect(event).toMatchObject({
      type: 'BetRejected',
      data: { code: 'PLAY_BREAK', reason: 'You are taking a break until 6 Dec 2026, 14:05 IST.' },
    });
  });
});
