/** UPI apps offered on the deposit and withdraw screens (SPEC §3). */

export const UPI_APP_KEYS = ['GOOGLE_PAY', 'PHONEPE', 'PAYTM', 'BHIM', 'QR'] as const;
export type UpiApp = (typeof UPI_APP_KEYS)[number];

export interface UpiAppInfo {
  readonly key: UpiApp;
  /** Name shown to the player. */
  readonly name: string;
  /** Handle appended to a UPI ID typed without '@' (empty for QR: nothing is appended). */
  readonly suffix: string;
  /** What the app's round badge shows on the deposit and withdraw screens. */
  readonly initials: string;
}

export const UPI_APPS: Readonly<Record<UpiApp, UpiAppInfo>> = {
  GOOGLE_PAY: { key: 'GOOGLE_PAY', name: 'Google Pay', suffix: '@okaxis', initials: 'G' },
  PHONEPE: { key: 'PHONEPE', name: 'PhonePe', suffix: '@ybl', initials: 'Pe' },
  PAYTM: { key: 'PAYTM', name: 'Paytm', suffix: '@paytm', initials: 'P' },
  BHIM: { key: 'BHIM', name: 'BHIM', suffix: '@upi', initials: 'B' },
  QR: { key: 'QR', name: 'Other/QR', suffix: '', initials: 'QR' },
};

/** All apps, in display order (the withdraw grid). */
export const UPI_APP_LIST: readonly UpiAppInfo[] = UPI_APP_KEYS.map((key) => UPI_APPS[key]);

/** The deposit screen's app list: the first four (no QR; scanning the QR is a separate toggle). */
export const DEPOSIT_UPI_APPS: readonly UpiApp[] = ['GOOGLE_PAY', 'PHONEPE', 'PAYTM', 'BHIM'];

export function isUpiApp(value: unknown): value is UpiApp {
  return typeof value === 'string' && (UPI_APP_KEYS as readonly string[]).includes(value);
}

/** The handle for an app, e.g. 'PHONEPE' → '@ybl'; '' for QR. */
export function upiAppSuffix(app: UpiApp): string {
  return UPI_APPS[app].suffix;
}

/** The display name of an app, e.g. 'QR' → 'Other/QR'; an unknown value is shown raw. */
export function upiAppName(app: string): string {
  return isUpiApp(app) ? UPI_APPS[app].name : app;
}

/** What an app's round badge shows, e.g. 'PHONEPE' → 'Pe', 'QR' → 'QR'. */
export function upiAppInitials(app: UpiApp): string {
  return UPI_APPS[app].initials;
}
