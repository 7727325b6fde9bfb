import { createAction } from '@reduxjs/toolkit';

/**
 * Sign-out clean-up: every user-scoped slice (auth today; wallet, bets, profile, game, admin as they arrive)
 * resets itself on this action, so nothing of one player survives into the next session on the same device.
 */
export const signedOut = createAction('session/signedOut');

/** The router reports every change of path; the session saga refreshes the access token on it. */
export const routeChanged = createAction<{ pathname: string }>('router/routeChanged');
