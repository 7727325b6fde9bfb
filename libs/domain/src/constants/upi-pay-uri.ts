import { CURRENCY } from './limits.js';
import { paiseToDecimalString } from '../money/money.js';

/**
 * The UPI deep link opening a payment app with the amount filled in (NPCI UPI linking: `upi://pay?pa=…&pn=…&am=…
 * &cu=INR&tn=…`). The spec does not show the format; this is the standard one every UPI app understands.
 */
export function upiPayUri(params: {
  /** The receiving UPI address (server config UPI_PAYEE_VPA). */
  readonly payeeVpa: string;
  /** The receiving name (UPI_PAYEE_NAME). */
  readonly payeeName: string;
  readonly amountPaise: number;
  /** Optional note shown in the app. */
  readonly note?: string;
}): string {
  if (params.amountPaise <= 0) throw new RangeError('A UPI payment needs an amount above 0');
  const query = [
    ['pa', params.payeeVpa.trim()],
    ['pn', params.payeeName.trim()],
    ['am', paiseToDecimalString(params.amountPaise)],
    ['cu', CURRENCY],
    ...(params.note ? [['tn', params.note]] : []),
  ]
    // '@' stays literal in the VPA: some UPI apps do not decode %40.
    .map(([key, value]) => `${key}=${encodeURIComponent(value as string).replace(/%40/g, '@')}`)
    .join('&');
  return `upi://pay?${query}`;
}
