import type { GameKey } from '../games/games.js';
import type { RoundResult } from '../games/outcome.js';
import type { Decider } from '../decider.js';
import type { PayoutTable } from '../payout/payout-table.js';
import { settleBet, type BetSettlement } from '../payout/settle-bet.js';

/**
 * Settlement and refund of a period's bets (DESIGN §2). A period is OPEN, then DRAWN (its result known), then
 * SETTLED; or REFUNDED when it could not be drawn in time. Each move happens once: settling anything but a DRAWN
 * period, or refunding anything but an OPEN one, decides nothing. The whole period is one journal entry:
 * - settled: house:stakes releases every stake; each winner receives the net win (the win of bonus-paid stakes to
 *   bonus, the rest to main); house:gst the tax;
 *   house:pnl the rest (stakes − credited − GST, negative when the house paid out more than it took);
 * - refunded: house:stakes returns every stake where it came from (the bonus part to bonus, the rest to main).
 * The round engine settles with one set-based SQL statement for speed; a property test holds it to this decider.
 */

export const PERIOD_STATUSES = ['OPEN', 'DRAWN', 'SETTLED', 'REFUNDED'] as const;
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];

/** A PENDING bet of the period. Money in paise. */
export interface PeriodBet {
  readonly id: string;
  readonly userId: string;
  readonly betType: GameKey;
  readonly betValue: string;
  readonly amount: number;
  /** Part of the stake taken from the bonus balance. */
  readonly fromBonus: number;
  /** The payout recorded when the bet was placed (null for bets placed before payouts were recorded: `payouts`'). */
  readonly payout?: number | null;
}

export interface PeriodSettlementState {
  readonly periodId: string;
  readonly status: PeriodStatus;
  /** The period's PENDING bets. */
  readonly bets: readonly PeriodBet[];
}

export interface SettlePeriod {
  readonly periodId: string;
  readonly result: RoundResult;
  /** The table in force at settlement: what a bet without a recorded payout is paid. */
  readonly payouts: PayoutTable;
  readonly gstBps: number;
}

export interface RefundPeriod {
  readonly periodId: string;
}

export type SettledBet = BetSettlement & { readonly id: string; readonly userId: string; readonly amount: number };

export interface PeriodSettled {
  readonly type: 'PeriodSettled';
  readonly data: {
    readonly periodId: string;
    readonly result: RoundResult;
    readonly bets: readonly SettledBet[];
    /** Sum of the stakes released by house:stakes. */
    readonly stakes: number;
    /** Sum of the net wins credited to winners' main balances. */
    readonly credited: number;
    readonly gst: number;
    /** stakes − credited − GST: what house:pnl receives (negative: what it pays). */
    readonly pnl: number;
    /**
     * Net win per winning player, per balance: the win of bonus-paid stakes to bonus, the rest to main (players whose
     * wins add up to 0 are left out).
     */
    readonly winnings: ReadonlyMap<string, { readonly main: number; readonly bonus: number }>;
  };
}

export interface PeriodRefunded {
  readonly type: 'PeriodRefunded';
  readonly data: {
    readonly periodId: string;
    readonly betIds: readonly string[];
    readonly total: number;
    /** What each player gets back, per balance. */
    readonly refunds: ReadonlyMap<string, { readonly main: number; readonly bonus: number }>;
  };
}

export type PeriodSettlementEvent = PeriodSettled | PeriodRefunded;

/** Settles every pending bet of a DRAWN period against its result; nothing when the period is not DRAWN. */
export function decideSettlement(command: SettlePeriod, state: PeriodSettlementState): PeriodSettled[] {
  if (state.status !== 'DRAWN' || command.periodId !== state.periodId) return [];
  const options = { payouts: command.payouts, gstBps: command.gstBps };
  const bets: SettledBet[] = [];
  const winnings = new Map<string, { main: number; bonus: number }>();
  let stakes = 0;
  let credited = 0;
  let gst = 0;
  for (const bet of state.bets) {
    const settled = settleBet(bet, command.result, options);
    bets.push({ id: bet.id, userId: bet.userId, amount: bet.amount, ...settled });
    stakes += bet.amount;
    if (settled.isWin) {
      credited += settled.net;
      gst += settled.gst;
      if (settled.net > 0) {
        const won = winnings.get(bet.userId) ?? { main: 0, bonus: 0 };
        won.main += settled.net - settled.netToBonus;
        won.bonus += settled.netToBonus;
        winnings.set(bet.userId, won);
      }
    }
  }
  return [
    {
      type: 'PeriodSettled',
      data: {
        periodId: state.periodId,
        result: command.result,
        bets,
        stakes,
        credited,
        gst,
        pnl: stakes - credited - gst,
        winnings,
      },
    },
  ];
}

/** Returns every pending stake of an OPEN period that can no longer be drawn in time; nothing otherwise. */
export function decideRefund(command: RefundPeriod, state: PeriodSettlementState): PeriodRefunded[] {
  if (state.status !== 'OPEN' || command.periodId !== state.periodId) return [];
  const refunds = new Map<string, { main: number; bonus: number }>();
  let total = 0;
  for (const bet of state.bets) {
    const back = refunds.get(bet.userId) ?? { main: 0, bonus: 0 };
    back.main += bet.amount - bet.fromBonus;
    back.bonus += bet.fromBonus;
    refunds.set(bet.userId, back);
    total += bet.amount;
  }
  return [
    { type: 'PeriodRefunded', data: { periodId: state.periodId, betIds: state.bets.map((b) => b.id), total, refunds } },
  ];
}

/** Settling or refunding leaves no pending bet and the period in its final status. */
export function evolveSettlement(state: PeriodSettlementState, event: PeriodSettlementEvent): PeriodSettlementState {
  return { ...state, status: event.type === 'PeriodSettled' ? 'SETTLED' : 'REFUNDED', bets: [] };
}

export type PeriodCommand =
  ({ readonly type: 'SettlePeriod' } & SettlePeriod) | ({ readonly type: 'RefundPeriod' } & RefundPeriod);

export const periodSettlementDecider: Decider<PeriodCommand, PeriodSettlementState, PeriodSettlementEvent> = {
  decide: (command, state) =>
    command.type === 'SettlePeriod' ? decideSettlement(command, state) : decideRefund(command, state),
  evolve: evolveSettlement,
};

/**
 * The postings of a period's event, as signed paise per account (accounts named by the caller's ledger), balanced.
 * A zero amount is left out.
 */
export function periodPostings(
  event: PeriodSettlementEvent,
  accounts: {
    readonly houseStakes: string;
    readonly houseGst: string;
    readonly housePnl: string;
    readonly userMain: (userId: string) => string;
    readonly userBonus: (userId: string) => string;
  },
): { account: string; amount: number }[] {
  const postings: { account: string; amount: number }[] = [];
  const add = (account: string, amount: number) => {
    if (amount !== 0) postings.push({ account, amount });
  };
  if (event.type === 'PeriodSettled') {
    add(accounts.houseStakes, -event.data.stakes);
    for (const [userId, won] of event.data.winnings) {
      add(accounts.userMain(userId), won.main);
      add(accounts.userBonus(userId), won.bonus);
    }
    add(accounts.houseGst, event.data.gst);
    add(accounts.housePnl, event.data.pnl);
  } else {
    add(accounts.houseStakes, -event.data.total);
    for (const [userId, back] of event.data.refunds) {
      add(accounts.userMain(userId), back.main);
      add(accounts.userBonus(userId), back.bonus);
    }
  }
  return postings;
}
