import type { RootState } from '../../shared/store-types';

export const selectAuth = (state: RootState) => state.auth;
export const selectIsAuthenticated = (state: RootState) => state.auth.isAuthenticated;
export const selectRole = (state: RootState) => state.auth.role;
export const selectCurrentUser = (state: RootState) => state.auth.user;
export const selectCurrentUserId = (state: RootState) => state.auth.user?.id ?? null;
export const selectLoginRequest = (state: RootState) => state.authForms.login;
export const selectLogoutRequest = (state: RootState) => state.authForms.logout;
