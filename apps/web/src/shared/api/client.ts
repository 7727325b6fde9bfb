import {
  API_BASE_PATH,
  API_KEY_HEADER,
  DEV_API_KEY,
  type ApiSuccess,
  type PlayBreakRefusal,
  type RefreshTokenData,
} from '@app/contracts';
import { ERROR_DEFAULTS } from '../constants';
import { ApiError } from './api-error';
import { NO_EARLY_REQUESTS, type EarlyRequests } from './early-requests';
import { sessionTokenStore, type TokenStore } from './token-storage';

export { API_BASE_PATH };

/** The client API key sent on every call and in the socket handshake: the build's VITE_API_KEY, else the development key. */
export function clientApiKey(): string {
  return import.meta.env.VITE_API_KEY || DEV_API_KEY;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** JSON body; omitted for GET. */
  body?: unknown;
  /** What the user sees when the server sends no `message` (SPEC 8). */
  defaultMessage: string;
  signal?: AbortSignal;
  /** A bearer token other than the session's (the withdraw-only token of a player on a break). */
  bearer?: string;
}

export interface ApiResult<T> {
  /** The server's `message`, if any (e.g. 'Deposit request submitted.'). */
  message?: string;
  data: T;
  /** When the answer's headers arrived (epoch ms, this browser's clock): the moment a server time in it was read. */
  receivedAt?: number;
}

export interface ApiClient {
  readonly tokens: TokenStore;
  /**
   * POST /refresh-token once for everyone who asks at the same time (the 401 retry, the socket's token refresh):
   * resolves with the new access token (also stored); rejects with an ApiError (status 0 when the network failed,
   * 401 when the session is over).
   */
  refreshAccessToken(): Promise<string>;
  request<T>(method: HttpMethod, path: string, options: RequestOptions): Promise<ApiResult<T>>;
  get<T>(path: string, options: Omit<RequestOptions, 'body'>): Promise<ApiResult<T>>;
  post<T>(path: string, body: unknown, options: Omit<RequestOptions, 'body'>): Promise<ApiResult<T>>;
  put<T>(path: string, body: unknown, options: Omit<RequestOptions, 'body'>): Promise<ApiResult<T>>;
  /** GET a file (e.g. a CSV statement) as a Blob, with the same 401 retry; a refusal throws the server's message. */
  download(path: string, options: Omit<RequestOptions, 'body'>): Promise<Blob>;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  baseUrl?: string;
  apiKey?: string;
  tokens?: TokenStore;
  /** The answers index.html's boot script asked for before the app's scripts arrived (early-requests.ts). */
  early?: EarlyRequests;
}

/**
 * Calls that never trigger the 401 refresh-and-retry (SPEC 7): login, register, both refresh calls and the
 * forgot-password calls. The plain /auth/forgot-password is exempt too: like its three steps it is made while
 * signed out, so a refresh could not help it.
 */
const NO_REFRESH_RETRY = [
  /^\/auth\/login$/,
  /^\/auth\/register$/,
  /^\/auth\/refresh-token$/,
  /^\/refresh-token$/,
  /^\/auth\/forgot-password(\/(request|verify|reset))?$/,
  // The withdraw-only routes of a player on a break: no session to refresh.
  /^\/play-safely\/away(\/.*)?$/,
];

function pathOnly(path: string): string {
  return path.split(/[?#]/, 1)[0];
}

export function isRefreshRetryExempt(path: string): boolean {
  const p = pathOnly(path);
  return NO_REFRESH_RETRY.some((rule) => rule.test(p));
}

function serverMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const message = (body as { message?: unknown }).message;
  if (typeof message === 'string' && message.trim()) return message;
  if (Array.isArray(message)) {
    const texts = message.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
    if (texts.length) return texts.join(' ');
  }
  return undefined;
}

/** The envelope's per-field messages (string values only), or undefined. */
function fieldErrors(body: unknown): Record<string, string> | undefined {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return undefined;
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The play-break refusal beside a refused sign-in's message, when the server sent one. */
function playBreakOf(body: unknown): PlayBreakRefusal | undefined {
  const value = body && typeof body === 'object' ? (body as { playBreak?: unknown }).playBreak : undefined;
  return value && typeof value === 'object' && typeof (value as { withdrawToken?: unknown }).withdrawToken === 'string'
    ? (value as PlayBreakRefusal)
    : undefined;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * The REST client: base path /api/v1, cookies included, JSON, the client API key and the bearer token from session
 * storage. A 401 on a non-exempt call triggers ONE refresh (`POST /refresh-token`) shared by all calls that fail
 * at the same time, then the call is repeated once; otherwise the error passes through.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  // Resolve fetch at call time so a test (or a polyfill) installed later is honoured.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl ?? API_BASE_PATH;
  const apiKey = options.apiKey ?? clientApiKey();
  const tokens = options.tokens ?? sessionTokenStore;
  const early = options.early ?? NO_EARLY_REQUESTS;
  let refreshInFlight: Promise<string> | null = null;
  // Calls that present the refresh cookie run one at a time: each rotates the cookie, and the next one must carry
  // the cookie the previous answer set. The boot script's early restoration, if any, is the first of them.
  let refreshLane: Promise<unknown> = early.peek('/auth/refresh-token')?.catch(() => undefined) ?? Promise.resolve();

  async function send(method: HttpMethod, path: string, init: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      [API_KEY_HEADER]: apiKey,
    };
    const token = init.bearer ?? tokens.get();
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await doFetch(`${baseUrl}${path}`, {
        method,
        headers,
        credentials: 'include',
        body: init.body === undefined || method === 'GET' ? undefined : JSON.stringify(init.body),
        signal: init.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(init.defaultMessage, 0);
    }
  }

  async function settle<T>(response: Response, defaultMessage: string): Promise<ApiResult<T>> {
    const body = await readJson(response);
    const envelope = body as { success?: boolean; data?: T } | null;
    if (response.ok && envelope?.success !== false) {
      return { message: serverMessage(body), data: envelope?.data as T } satisfies Partial<ApiSuccess<T>>;
    }
    throw new ApiError(serverMessage(body) ?? defaultMessage, response.status, fieldErrors(body), playBreakOf(body));
  }

  function inRefreshLane<T>(run: () => Promise<T>): Promise<T> {
    const next = refreshLane.then(run, run);
    refreshLane = next.catch(() => undefined);
    return next;
  }

  async function refreshOnce(): Promise<string> {
    const response = await inRefreshLane(() =>
      send('POST', '/refresh-token', { body: {}, defaultMessage: ERROR_DEFAULTS.refresh }),
    );
    const { data } = await settle<Partial<RefreshTokenData>>(response, ERROR_DEFAULTS.refresh);
    if (!data?.accessToken) throw new ApiError(ERROR_DEFAULTS.refresh, 500);
    tokens.set(data.accessToken);
    return data.accessToken;
  }

  /** Everyone who needs a refresh while one is running waits for that same refresh. */
  function refreshAccessToken(): Promise<string> {
    refreshInFlight ??= refreshOnce().finally(() => {
      refreshInFlight = null;
    });
    return refreshInFlight;
  }

  /** The boot script's answer to this call, taken once, when it made the same call (a GET of the same path). */
  async function earlyAnswer(method: HttpMethod, path: string, init: RequestOptions) {
    const answer = method === 'GET' && !init.bearer ? early.take(path) : null;
    if (!answer) return null;
    try {
      const response = await answer.response;
      return { response, receivedAt: answer.receivedAt() ?? Date.now() };
    } catch {
      throw new ApiError(init.defaultMessage, 0);
    }
  }

  async function sendTimed(method: HttpMethod, path: string, init: RequestOptions) {
    return (
      (await earlyAnswer(method, path, init)) ?? { response: await send(method, path, init), receivedAt: Date.now() }
    );
  }

  async function request<T>(method: HttpMethod, path: string, init: RequestOptions): Promise<ApiResult<T>> {
    const usesRefreshCookie = /^\/(auth\/)?refresh-token$/.test(pathOnly(path));
    const { response, receivedAt } = usesRefreshCookie
      ? await inRefreshLane(() => sendTimed(method, path, init))
      : await sendTimed(method, path, init);
    if (response.status === 401 && !isRefreshRetryExempt(path)) {
      const refreshed = await refreshAccessToken().then(
        () => true,
        () => false,
      );
      if (refreshed) return settle<T>(await send(method, path, init), init.defaultMessage);
    }
    return { ...(await settle<T>(response, init.defaultMessage)), receivedAt };
  }

  async function download(path: string, init: Omit<RequestOptions, 'body'>): Promise<Blob> {
    let response = await send('GET', path, init);
    if (response.status === 401 && !isRefreshRetryExempt(path)) {
      const refreshed = await refreshAccessToken().then(
        () => true,
        () => false,
      );
      if (refreshed) response = await send('GET', path, init);
    }
    if (response.ok) return response.blob();
    await settle<unknown>(response, init.defaultMessage);
    throw new ApiError(init.defaultMessage, response.status);
  }

  return {
    tokens,
    refreshAccessToken,
    request,
    download,
    get: (path, init) => request('GET', path, init),
    post: (path, body, init) => request('POST', path, { ...init, body }),
    put: (path, body, init) => request('PUT', path, { ...init, body }),
  };
}
