import {
  BONUS_EXPIRY_DAYS,
  BONUS_WAGERING_MULTIPLIER,
  bpsToRate,
  DEFAULT_ALLOWED_EMAIL_DOMAINS,
  DEFAULT_PAYOUTS,
  DEPOSIT_MAX_PAISE,
  DEPOSIT_MIN_PAISE,
  GST_BPS,
  LOCK_SECONDS,
  REFERRAL_CAP_PAISE,
  REFERRAL_SHARE_BPS,
  ROUND_SECONDS,
  STAKES_PAISE,
  WITHDRAWAL_DAILY_MAX_PAISE,
  WITHDRAWAL_MAX_PAISE,
  WITHDRAWAL_MIN_PAISE,
  WITHDRAWAL_TURNOVER_PERCENT,
} from '@app/domain';
import type { ClientConfig } from './wallet.js';

/** The rules a client mirrors: GET /app-config without the payee. */
export type ClientRules = Omit<ClientConfig, 'payment'>;

/** The client's rules an operator configures (the api's configuration); the others are the spec's fixed bounds. */
export interface ClientRuleSettings {
  roundSeconds: number;
  lockSeconds: number;
  payouts: ClientConfig['payouts'];
  /** GST in basis points (the rate the client is sent is derived from it). */
  gstBps: number;
  allowedEmailDomains: readonly string[];
  referral: ClientConfig['referral'];
  playThrough: ClientConfig['playThrough'];
}

/** The spec's values of the configurable rules: the server's defaults, and the web client's until the server's arrive. */
export const DEFAULT_RULE_SETTINGS: ClientRuleSettings = {
  roundSeconds: ROUND_SECONDS,
  lockSeconds: LOCK_SECONDS,
  payouts: DEFAULT_PAYOUTS,
  gstBps: GST_BPS,
  allowedEmailDomains: DEFAULT_ALLOWED_EMAIL_DOMAINS,
  referral: { shareBps: REFERRAL_SHARE_BPS, capPaise: REFERRAL_CAP_PAISE },
  playThrough: {
    bonusWageringMultiplier: BONUS_WAGERING_MULTIPLIER,
    bonusExpiryDays: BONUS_EXPIRY_DAYS,
    withdrawalTurnoverPercent: WITHDRAWAL_TURNOVER_PERCENT,
  },
};

/**
 * The client's rules from the configured ones (by default the spec's): the one place the rules a client mirrors are
 * put together, by the api for GET /app-config and by the web client for its defaults. Fresh objects every call.
 */
export function clientRules(settings: ClientRuleSettings = DEFAULT_RULE_SETTINGS): ClientRules {
  return {
    roundSeconds: settings.roundSeconds,
    lockSeconds: settings.lockSeconds,
    payouts: {
      color: { ...settings.payouts.color },
      bigSmall: { ...settings.payouts.bigSmall },
      number: { ...settings.payouts.number },
    },
    gstRate: bpsToRate(settings.gstBps),
    gstBps: settings.gstBps,
    allowedEmailDomains: [...settings.allowedEmailDomains],
    stakesPaise: [...STAKES_PAISE],
    deposit: { minPaise: DEPOSIT_MIN_PAISE, maxPaise: DEPOSIT_MAX_PAISE },
    withdrawal: {
      minPaise: WITHDRAWAL_MIN_PAISE,
      maxPaise: WITHDRAWAL_MAX_PAISE,
      dailyMaxPaise: WITHDRAWAL_DAILY_MAX_PAISE,
    },
    referral: { ...settings.referral },
    playThrough: { ...settings.playThrough },
  };
}
