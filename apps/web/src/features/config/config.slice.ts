import { clientRules, type ClientConfig, type ClientRules } from '@app/contracts';
import { payoutTableFrom } from '@app/domain';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The rules the server runs on, as GET /app-config serves them (the payee stays with the deposit feature). */
export type RulesConfig = ClientRules;

export interface ConfigState {
  rules: RulesConfig;
  /** True once the server's configuration replaced the spec's defaults. */
  loaded: boolean;
}

/** The spec's values, used until the server's arrive (and if they never do). */
export const DEFAULT_RULES: RulesConfig = clientRules();

const initialState: ConfigState = { rules: DEFAULT_RULES, loaded: false };

const configSlice = createSlice({
  name: 'config',
  initialState,
  reducers: {
    configRequested() {},
    /**
     * The server's configuration; a field it does not send keeps the spec's value. Payouts are taken as a per-choice
     * table, or one per game from a server before payouts per choice (`payoutTableFrom`); anything else keeps them.
     * `serverTime` with `receivedAt` (when the answer arrived) is read by the game (game.saga's period from the clock).
     */
    configLoaded(state, action: PayloadAction<Partial<ClientConfig> & { receivedAt?: number }>) {
      // The server's clock is the game's (a period placed before the socket announces one), not a rule.
      const { payment: _payment, payouts, serverTime: _serverTime, receivedAt: _receivedAt, ...rules } = action.payload;
      const defined: Record<string, unknown> = Object.fromEntries(
        Object.entries(rules).filter(([, value]) => value !== undefined && value !== null),
      );
      const table = payoutTableFrom(payouts);
      if (table) defined.payouts = table;
      state.rules = { ...state.rules, ...(defined as Partial<RulesConfig>) };
      state.loaded = true;
    },
  },
});

export const { configRequested, configLoaded } = configSlice.actions;
export const configReducer = configSlice.reducer;
