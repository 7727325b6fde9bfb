/** Where the short-lived access token lives: session storage, key `accessToken` (SPEC 7). */
export interface TokenStore {
  get(): string | null;
  set(token: string): void;
  clear(): void;
}

export const ACCESS_TOKEN_KEY = 'accessToken';

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Storage can throw when the browser blocks it (private modes, sandboxed frames).
    return null;
  }
}

export const sessionTokenStore: TokenStore = {
  get: () => storage()?.getItem(ACCESS_TOKEN_KEY) ?? null,
  set: (token) => storage()?.setItem(ACCESS_TOKEN_KEY, token),
  clear: () => storage()?.removeItem(ACCESS_TOKEN_KEY),
};
