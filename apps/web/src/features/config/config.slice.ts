import type { ClientConfig } from '@app/contracts';
import {
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
} from '@app/domain';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The rules the server runs on, as GET /app-config serves them (the payee stays with the deposit feature). */
export type RulesConfig = Omit<ClientConfig, 'payment'>;

export interface ConfigState {
  rules: RulesConfig;
  /** True once the server's configuration replaced the spec's defaults. */
  loaded: boolean;
}

/** The spec's values, used until the server's arrive (and if they never do). */
export const DEFAULT_RULES: RulesConfig = {
  roundSeconds: ROUND_SECONDS,
  lockSeconds: LOCK_SECONDS,
  payouts: { ...DEFAULT_PAYOUTS },
  gstRate: GST_BPS / 10_000,
  gstBps: GST_BPS,
  allowedEmailDomains: [...DEFAULT_ALLOWED_EMAIL_DOMAINS],
  stakesPaise: [...STAKES_PAISE],
  deposit: { minPaise: DEPOSIT_MIN_PAISE, maxPaise: DEPOSIT_MAX_PAISE },
  withdrawal: { minPaise: WITHDRAWAL_MIN_PAISE, maxPaise: WITHDRAWAL_MAX_PAISE, dailyMaxPaise: WITHDRAWAL_DAILY_MAX_PAISE },
  referral: { shareBps: REFERRAL_SHARE_BPS, capPaise: REFERRAL_CAP_PAISE },
};

const initialState: ConfigState = { rules: DEFAULT_RULES, loaded: false };

const configSlice = createSlice({
  name: 'config',
  initialState,
  reducers: {
    configRequested() {},
    /** The server's configuration; a field it does not send keeps the spec's value. */
    configLoaded(state, action: PayloadAction<Partial<ClientConfig>>) {
      const { payment: _payment, ...rules } = action.payload;
      const defined = Object.fromEntries(Object.entries(rules).filter(([, value]) => value !== undefined && value !== null));
      state.rules = { ...state.rules, ...(defined as Partial<RulesConfig>) };
      state.loaded = true;
    },
  },
});

export const { configRequested, configLoaded } = configSlice.actions;
export const configReducer = configSlice.reducer;
