import { AsyncLocalStorage } from 'node:async_hooks';

/** Per-request / per-command context carried into every log line. */
export interface LogContext {
  requestId?: string;
  commandId?: string;
  userId?: string;
}

export const logContext = new AsyncLocalStorage<LogContext>();
