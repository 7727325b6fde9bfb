import { i18n } from '../../shared/i18n/i18n';
import { formatPaiseShort } from '../../shared/money';

/** Texts of the withdraw screen that only the web app says. */

/** Under the UPI ID of an app with several handles: 'Google Pay IDs end in @okaxis, @okhdfcbank, @okicici or @oksbi. Enter the whole ID.' */
export function withdrawHandlesHint(appName: string, handles: readonly string[]): string {
  const list =
    handles.length === 1
      ? handles[0]!
      : `${handles.slice(0, -1).join(', ')} ${i18n.t('withdraw.or')} ${handles[handles.length - 1]!}`;
  return i18n.t('withdraw.handlesHint', { app: appName, list });
}

/**
 * Under the amount chips when some cannot be chosen, so a greyed chip is never a mystery: 'Withdrawals start at ₹500
 * and cannot be more than your withdrawable balance (₹1,250).'
 */
export function withdrawPresetsNote(minPaise: number, balancePaise: number): string {
  return i18n.t('withdraw.presetsNote', { min: formatPaiseShort(minPaise), balance: formatPaiseShort(balancePaise) });
}
