import type { SocketFactory } from '../features/socket/live-socket';
import type { ApiClient } from '../shared/api';

/** What sagas get from `getContext`: injected so tests can hand in a fake fetch and short timings. */
export interface SagaContext {
  api: ApiClient;
  /** Route changes within this window after a session refresh reuse it instead of calling again. */
  sessionRefreshDedupeMs: number;
  /** Opens the live connection of a signed-in session. */
  socketFactory: SocketFactory;
}

export const SESSION_REFRESH_DEDUPE_MS = 1_500;
