import { formatPaise, formatPaiseShort, gstBpsToPercent, type WinBreakdown } from '@app/domain';

/** The help page's words (rules, payouts and GST, where to ask). */
export const HELP_TEXTS = {
  title: 'Help',
  howToPlay: 'How to play',
  payouts: 'Payouts and GST',
  choice: 'Choice',
  chance: 'Chance',
  pays: 'Pays',
  youReceive: 'A ₹100 win credits',
  returns: 'Returns on average',
  eachDigit: 'Each digit (0–9)',
  fairness: 'Fair results',
  fairnessText:
    'Every result is fixed before betting opens and mixed with public randomness; you can check any round yourself.',
  fairnessLink: 'How results are drawn, and a check of any round',
  playSafely: 'Stay in control',
  playSafelyLink: 'Limits, reality checks, breaks and self-exclusion',
  terms: 'Terms and Conditions',
  termsLink: 'Read the terms',
  ask: 'Questions about a payment or a bet',
  askSignedIn: 'Raise a dispute about a bet or a transaction: it is answered in writing within 14 days.',
  disputesLink: 'My disputes',
  support: 'Support',
  supportText: 'Write to us, or ask in the support group:',
} as const;

/** The steps of a round, with this deployment's round and stake rules. */
export function howToPlaySteps(rules: {
  roundSeconds: number;
  lockSeconds: number;
  minStakePaise: number;
  maxStakePaise: number;
}): string[] {
  return [
    'Pick a game: Color Clash (red, green or violet), Big or Small (big is 5 to 9, small is 0 to 4) or Pick a Number (0 to 9).',
    `Pick a choice and a stake (${formatPaiseShort(rules.minStakePaise)} to ${formatPaiseShort(rules.maxStakePaise)}), then tap Confirm Bet. One bet per game in each round; a bet cannot be changed or cancelled.`,
    `Each round lasts ${rules.roundSeconds} seconds. Betting closes when ${rules.lockSeconds} seconds are left; the digit is drawn at the end and every bet is settled at once.`,
    'A win is credited to your balance at once: your stake times the payout, less GST on what you won above your stake.',
  ];
}

/** How GST is taken, with a worked example: '18% GST is taken on winnings above the stake: ₹100 on a digit wins ₹900, less ₹144 GST, so ₹756 is credited.' */
export function gstExplained(gstBps: number, digitWin: WinBreakdown): string {
  return `${gstBpsToPercent(gstBps)}% GST is taken on winnings above the stake: ₹100 on a digit wins ${formatPaise(digitWin.gross)}, less ${formatPaise(digitWin.gst)} GST, so ${formatPaise(digitWin.net)} is credited.`;
}
