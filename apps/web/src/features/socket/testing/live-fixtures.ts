import type { Bet, BetResult, GameKey, GameResult, PeriodInfo } from '@app/contracts';
import { resultFromDigit } from '@app/domain';
import { betFromWire, betResultFromWire, type PlayerBet, type PlayerBetResult } from '../../../shared/records';

/** A period as next-period-id carries it. */
export function periodInfo(overrides: Partial<PeriodInfo> = {}): PeriodInfo {
  const startTime = overrides.startTime ?? Date.parse('2026-11-21T04:30:00.000Z');
  return {
    periodId: '202611210541',
    startTime,
    duration: 30,
    serverTime: startTime + 1_000,
    lockTime: startTime + 25_000,
    seedHash: 'f2c0964ac613f481b6266699e8c63e423ec76613fb609d722a98f57c7d6351bf',
    ...overrides,
  };
}

let betCounter = 0;

export function bet(overrides: Partial<Bet> & { betType?: GameKey } = {}): Bet {
  betCounter += 1;
  return {
    _id: `bet-${betCounter}`,
    betType: 'color',
    betValue: 'red',
    systemSelectedValue: null,
    amount: 10,
    isWin: null,
    winAmount: 0,
    status: 'PENDING',
    playedFrom: 'web',
    periodId: '202611210541',
    createdAt: '2026-11-21T04:30:05.000Z',
    updatedAt: '2026-11-21T04:30:05.000Z',
    ...overrides,
  };
}

export function gameResult(periodId: string, digit: number, extra: Partial<GameResult> = {}): GameResult {
  const { color, bigSmall } = resultFromDigit(digit);
  return { periodId, digit, color, bigSmall, ...extra };
}

/** Results for periods …0101 to …01NN, newest first. */
export function resultsNewestFirst(count: number): GameResult[] {
  return Array.from({ length: count }, (_, i) => {
    const n = count - i;
    return gameResult(`20261121${String(100 + n).padStart(4, '0')}`, n % 10);
  });
}

export function betResult(overrides: Partial<BetResult> = {}): BetResult {
  return {
    gameType: 'color',
    win: false,
    winAmount: 0,
    lossAmount: 10,
    message: 'You lost on red.',
    timestamp: '2026-11-21T04:30:31.000Z',
    periodId: '202611210541',
    betId: 'bet-x',
    ...overrides,
  };
}

/** A bet as the store keeps it (amounts in paise), as the socket saga makes it from a wire bet. */
export function playerBet(overrides: Partial<PlayerBet> = {}): PlayerBet {
  return { ...betFromWire(bet()), ...overrides };
}

/** A bet-result as the store keeps it (amounts in paise). */
export function playerBetResult(overrides: Partial<PlayerBetResult> = {}): PlayerBetResult {
  return { ...betResultFromWire(betResult()), ...overrides };
}
