import { upiPayUri, type UpiApp } from '@app/domain';

export type DepositUpiApp = Exclude<UpiApp, 'QR'>;

/**
 * The scheme each app registers for a UPI payment intent. Google Pay, PhonePe and Paytm open straight into their
 * app; BHIM takes the generic `upi://pay` (Android then offers BHIM or any other UPI app).
 */
const APP_SCHEMES: Readonly<Record<DepositUpiApp, string>> = {
  GOOGLE_PAY: 'tez://upi/pay',
  PHONEPE: 'phonepe://pay',
  PAYTM: 'paytmmp://pay',
  BHIM: 'upi://pay',
};

export interface UpiPaymentParams {
  payeeVpa: string;
  payeeName: string;
  amountPaise: number;
}

/** The note a player sees in their UPI app. */
export const UPI_PAYMENT_NOTE = 'WinRound wallet deposit';

/** The standard UPI payment link of the amount (currency INR): what the QR code encodes. */
export function depositPayUri(params: UpiPaymentParams): string {
  return upiPayUri({ ...params, note: UPI_PAYMENT_NOTE });
}

/** The deep link opening one app with the same payment filled in. */
export function upiAppDeepLink(app: DepositUpiApp, params: UpiPaymentParams): string {
  return depositPayUri(params).replace(/^upi:\/\/pay/, APP_SCHEMES[app]);
}
