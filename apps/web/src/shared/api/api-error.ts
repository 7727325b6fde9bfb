/** A failed call: `status` is the HTTP status (0 when the network failed), `message` is what the user is shown. */
export class ApiError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
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
