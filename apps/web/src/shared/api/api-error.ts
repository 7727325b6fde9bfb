import type { PlayBreakRefusal } from '@app/contracts';

/** A failed call: `status` is the HTTP status (0 when the network failed), `message` is what the user is shown. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's per-field messages (`errors` of the error envelope), when it sent them. */
  readonly errors?: Readonly<Record<string, string>>;
  /** A sign-in refused by a break or self-exclusion: what runs, and the withdraw-only token. */
  readonly playBreak?: PlayBreakRefusal;

  constructor(message: string, status: number, errors?: Record<string, string>, playBreak?: PlayBreakRefusal) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (errors) this.errors = errors;
    if (playBreak) this.playBreak = playBreak;
  }

  /** No answer, or the server failed: the session may still be good. */
  get isTransient(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

/** The message to show for anything a call may throw. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}
