import { type ChoiceOdds, type WinBreakdown } from '@app/domain';
import { i18n } from '../../shared/i18n/i18n';
import { formatPaise } from '../../shared/money';
import { percent } from '../fairness/format';
import { enIN } from '../../locales/en-IN';

/** The words of a bet's potential win on the bet sheet and in Current bets. */
export const WIN_TEXTS = {
  /** The bet sheet, before the figure credited. */
  youWin: enIN.game.youWin,
  /** Current bets, before the figure credited. */
  potentialWin: enIN.game.potentialWin,
} as const;

/**
 * How the net credited is reached, shown beside it: '(₹900.00 less ₹144.00 GST)'. Empty when no GST is taken (a
 * GST of 0 %, or a win that is not above the stake), so the net alone is the whole story.
 */
export function winDeductionText(win: WinBreakdown): string {
  return win.gst > 0 ? i18n.t('game.winDeduction', { gross: formatPaise(win.gross), gst: formatPaise(win.gst) }) : '';
}

/** The whole sentence, e.g. 'You win ₹756.00 (₹900.00 less ₹144.00 GST)'. */
export function youWinText(win: WinBreakdown): string {
  return [i18n.t('game.youWin'), formatPaise(win.net), winDeductionText(win)].filter(Boolean).join(' ');
}

/** The bet sheet's title: this product's round, not another game's name ('Round · 30 s'). */
export function betSheetTitle(roundSeconds: number): string {
  return i18n.t('game.sheetTitle', { seconds: roundSeconds });
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** A chance out of the ten digits, as players say it, in lowest terms: '1 in 2', '2 in 5', '1 in 5', '1 in 10'. */
export function chanceText(probability: number): string {
  const digits = Math.round(probability * 10);
  if (digits <= 0) return i18n.t('game.chance', { won: 0, of: 10 });
  const g = gcd(digits, 10);
  return i18n.t('game.chance', { won: digits / g, of: 10 / g });
}

/**
 * Under the choices, for the chosen one, plainly: 'Violet wins 1 in 5 rounds and pays ×2: on average ₹36.40 of every
 * ₹100 staked on it comes back after GST (36.4%).'
 */
export function choiceOddsText(label: string, odds: ChoiceOdds): string {
  const back = formatPaise(Math.round(odds.rtpNet * 10_000));
  return i18n.t('game.choiceOdds', {
    label,
    chance: chanceText(odds.probability),
    payout: odds.payout,
    back,
    percent: percent(odds.rtpNet),
  });
}
