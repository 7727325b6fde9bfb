/** UPI apps offered on the deposit and withdraw screens (SPEC §3). */

export const UPI_APP_KEYS = ['GOOGLE_PAY', 'PHONEPE', 'PAYTM', 'BHIM', 'QR'] as const;
export type UpiApp = (typeof UPI_APP_KEYS)[number];

export interface UpiAppInfo {
  readonly key: UpiApp;
  /** Name shown to the player. */
  readonly name: string;
  /**
   * The handles (the part from '@') of the app's UPI IDs. A UPI ID typed without '@' is completed only when there is
   * exactly one; an app with several (Google Pay) needs the whole ID, since a guessed handle pays a
   * stranger. None for QR.
   */
  readonly handles: readonly string[];
  /** What the app's round badge shows on the deposit and withdraw screens. */
  readonly initials: string;
}

export const UPI_APPS: Readonly<Record<UpiApp, UpiAppInfo>> = {
  GOOGLE_PAY: {
    key: 'GOOGLE_PAY',
    name: 'Google Pay',
    handles: ['@okaxis', '@okhdfcbank', '@okicici', '@oksbi'],
    initials: 'G',
  },
  PHONEPE: { key: 'PHONEPE', name: 'PhonePe', handles: ['@ybl'], initials: 'Pe' },
  PAYTM: { key: 'PAYTM', name: 'Paytm', handles: ['@paytm'], initials: 'P' },
  BHIM: { key: 'BHIM', name: 'BHIM', handles: ['@upi'], initials: 'B' },
  QR: { key: 'QR', name: 'Other/QR', handles: [], initials: 'QR' },
};

/** All apps, in display order (the withdraw grid). */
export const UPI_APP_LIST: readonly UpiAppInfo[] = UPI_APP_KEYS.map((key) => UPI_APPS[key]);

/** The deposit screen's app list: the first four (no QR; scanning the QR is a separate toggle). */
export const DEPOSIT_UPI_APPS: readonly UpiApp[] = ['GOOGLE_PAY', 'PHONEPE', 'PAYTM', 'BHIM'];

export function isUpiApp(value: unknown): value is UpiApp {
  return typeof value === 'string' && (UPI_APP_KEYS as readonly string[]).includes(value);
}

/**
 * The handle appended to a UPI ID typed without '@': the app's only handle ('BHIM' → '@upi'); '' for an app with
 * several handles (the player types the whole ID) and for QR.
 */
export function upiAppSuffix(app: UpiApp): string {
  const { handles } = UPI_APPS[app];
  return handles.length === 1 ? handles[0]! : '';
}

/** The handles of an app's UPI IDs, e.g. 'GOOGLE_PAY' → ['@okaxis', '@okhdfcbank', '@okicici', '@oksbi']. */
export function upiAppHandles(app: UpiApp): readonly string[] {
  return UPI_APPS[app].handles;
}

/** The display name of an app, e.g. 'QR' → 'Other/QR'; an unknown value is shown raw. */
export function upiAppName(app: string): string {
  return isUpiApp(app) ? UPI_APPS[app].name : app;
}

/** What an app's round badge shows, e.g. 'PHONEPE' → 'Pe', 'QR' → 'QR'. */
export function upiAppInitials(app: UpiApp): string {
  return UPI_APPS[app].initials;
}
