import type { PlayBreakRefusal } from './play-break.js';

/** Every REST response is wrapped in one of these envelopes. */
export interface ApiSuccess<T> {
  success: true;
  message?: string;
  data: T;
}

export interface ApiError {
  success: false;
  statusCode: number;
  /** The human-readable message the client shows (SPEC section 8). */
  message: string;
  /** Per-field messages for form validation failures, when known. */
  errors?: Record<string, string>;
  /** A sign-in refused by a break or self-exclusion: what runs, and the withdraw-only token (play-break.ts). */
  playBreak?: PlayBreakRefusal;
}

export type ApiResponse<T> = ApiSuccess<T> | ApiError;

/** Base path of every HTTP call. */
export const API_BASE_PATH = '/api/v1';
/** The client API key of development and tests (production refuses to start with it). */
export const DEV_API_KEY = 'dev-api-key';
/** Header carrying the client API key on every HTTP call (and `auth.apiKey` in the socket handshake). */
export const API_KEY_HEADER = 'x-api-key';
/** Name of the httpOnly refresh-token cookie. */
export const REFRESH_COOKIE = 'refreshToken';
