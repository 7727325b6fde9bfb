import { formatPaise } from '../money/money.js';

/**
 * Texts the server sends a player about a bet after placement: the result line of a settled bet and the notice of a
 * refunded period. The web client shows them as they come.
 */

/** How a choice reads in a sentence: 'Red', 'Big', 'number 7'. */
export function choiceLabel(betType: string, betValue: string): string {
  if (betType === 'number') return `number ${betValue}`;
  return betValue.charAt(0).toUpperCase() + betValue.slice(1);
}

/** The bet-result line: 'You won ₹196.00 on Red!' (the net win) or 'You lost ₹100.00 on number 7.' (the stake). */
export function betResultMessage(bet: {
  readonly betType: string;
  readonly betValue: string;
  readonly amount: number;
  readonly isWin: boolean;
  readonly winAmount: number;
}): string {
  const label = choiceLabel(bet.betType, bet.betValue);
  return bet.isWin
    ? `You won ${formatPaise(bet.winAmount)} on ${label}!`
    : `You lost ${formatPaise(bet.amount)} on ${label}.`;
}

/**
 * Why a period's bets were refunded (the period's `refund_reason`): it could not be drawn in time (`not-drawn`, the
 * default: the round engine was down), no verified public-randomness beacon arrived in time to draw it
 * (`beacon-unavailable`), or no engine ran during it (`missed`: it has no bets). Periods refunded before drawn
 * periods were always settled may carry `settlement-deadline` (drawn, not settled in time); no period gets it now.
 */
export type PeriodRefundCause = 'not-drawn' | 'beacon-unavailable' | 'missed' | 'settlement-deadline';

function refundCause(cause: PeriodRefundCause): string {
  switch (cause) {
    case 'settlement-deadline':
      return 'could not be settled in time';
    case 'beacon-unavailable':
      return 'could not be drawn: its public randomness did not arrive in time';
    default:
      return 'could not be drawn in time';
  }
}

/** The bet-message a player gets once when the period of their bets is refunded. */
export function periodRefundedMessage(periodId: string, cause: PeriodRefundCause = 'not-drawn'): string {
  return `Period ${periodId} ${refundCause(cause)}, so your bets were refunded.`;
}

/** What a player's transaction list says about the refund of a period's bets. */
export function periodRefundDescription(periodId: string, cause: PeriodRefundCause = 'not-drawn'): string {
  return `Refund of bets in period ${periodId}, which ${refundCause(cause)}`;
}
