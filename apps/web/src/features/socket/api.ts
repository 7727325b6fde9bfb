import type { ApiClient } from '../../shared/api';

/**
 * A new access token for the live connection's `new-token`: the REST client's shared refresh (POST /refresh-token),
 * so the socket and a 401 retry happening at the same moment make one call, not two. Rejects with an ApiError
 * (status 0 when the network failed, 401 when the session is over).
 */
export function refreshAccessToken(api: ApiClient): Promise<string> {
  return api.refreshAccessToken();
}
