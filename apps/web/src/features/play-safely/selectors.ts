import type { RootState } from '../../shared/store-types';

export const selectPlaySafely = (state: RootState) => state.playSafely;
export const selectLimitsView = (state: RootState) => state.playSafely.view;
export const selectPlaySession = (state: RootState) => state.playSafely.session;
export const selectRealityCheckDue = (state: RootState) => state.playSafely.realityCheckDue;
/** The limits step after sign-up shows once: to a player whose limits were never offered. */
export const selectShouldOfferLimits = (state: RootState) =>
  state.auth.isAuthenticated && state.auth.role === 'user' && state.playSafely.view?.limitsOffered === false;
