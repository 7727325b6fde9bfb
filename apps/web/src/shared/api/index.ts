export { createApiClient, isRefreshRetryExempt, API_BASE_PATH, clientApiKey } from './client';
export type { ApiClient, ApiClientOptions, ApiResult, RequestOptions } from './client';
export { ApiError, errorMessage } from './api-error';
export { sessionTokenStore, ACCESS_TOKEN_KEY } from './token-storage';
export type { TokenStore } from './token-storage';
export { localSessionHint, memorySessionHint, SESSION_HINT_KEY } from './session-hint';
export type { SessionHint } from './session-hint';
export { windowEarlyRequests, earlyRequestsFrom, NO_EARLY_REQUESTS, EARLY_REQUESTS_GLOBAL } from './early-requests';
export type { EarlyRequests, EarlyRequestsGlobal } from './early-requests';
