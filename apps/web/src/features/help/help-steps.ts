import { gstBpsToPercent, type WinBreakdown } from '@app/domain';
import { i18n } from '../../shared/i18n/i18n';
import { formatPaise, formatPaiseShort } from '../../shared/money';

/** The steps of a round, with this deployment's round and stake rules. */
export function howToPlaySteps(rules: {
  roundSeconds: number;
  lockSeconds: number;
  minStakePaise: number;
  maxStakePaise: number;
}): string[] {
  return [
    i18n.t('help.steps.pick'),
    i18n.t('help.steps.stake', {
      min: formatPaiseShort(rules.minStakePaise),
      max: formatPaiseShort(rules.maxStakePaise),
    }),
    i18n.t('help.steps.round', { round: rules.roundSeconds, lock: rules.lockSeconds }),
    i18n.t('help.steps.win'),
  ];
}

/** How GST is taken, with a worked example: '18% GST is taken on winnings above the stake: ₹100 on a digit wins ₹900, less ₹144 GST, so ₹756 is credited.' */
export function gstExplained(gstBps: number, digitWin: WinBreakdown): string {
  return i18n.t('help.gst', {
    percent: gstBpsToPercent(gstBps),
    gross: formatPaise(digitWin.gross),
    gst: formatPaise(digitWin.gst),
    net: formatPaise(digitWin.net),
  });
}
