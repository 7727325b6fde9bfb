import type { SocketFactory } from '../features/socket/live-socket';
import type { ApiClient, SessionHint } from '../shared/api';

/** What sagas get from `getContext`: injected so tests can hand in a fake fetch and short timings. */
export interface SagaContext {
  api: ApiClient;
  /** Route changes within this window after a session refresh reuse it instead of calling again. */
  sessionRefreshDedupeMs: number;
  /** Opens the live connection of a signed-in session. */
  socketFactory: SocketFactory;
  /** Whether this browser may hold a session: without it the refresh call is not made. */
  sessionHint: SessionHint;
}

export const SESSION_REFRESH_DEDUPE_MS = 1_500;
