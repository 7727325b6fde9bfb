/**
 * The calls index.html's boot script makes before the app's scripts have arrived (a phone on a slow network spends
 * seconds downloading them): GET /app-config and, when this browser may hold a session, GET /auth/refresh-token.
 * The API client takes each answer once, in place of making the call itself, so the session is restored (and its
 * refresh cookie rotated) exactly once. An answer nobody takes is dropped with the page.
 */
export interface EarlyAnswer {
  response: Promise<Response>;
  /** When the answer's headers arrived (epoch ms, this browser's clock), once they have. */
  receivedAt(): number | undefined;
}

export interface EarlyRequests {
  /** The early answer to GET `path` (a path below /api/v1), once; null when there is none or it was taken. */
  take(path: string): EarlyAnswer | null;
  /** The early call to `path` still to be taken, without taking it (the refresh lane waits for it). */
  peek(path: string): Promise<Response> | null;
}

/** What the boot script leaves on the window (index.html). */
export interface EarlyRequestsGlobal {
  responses: Record<string, Promise<Response> | undefined>;
  receivedAt: Record<string, number | undefined>;
}

export const EARLY_REQUESTS_GLOBAL = '__winroundEarly';

/** Early requests read from what the boot script left (an empty set when there is none: tests, other pages). */
export function earlyRequestsFrom(source: EarlyRequestsGlobal | undefined | null): EarlyRequests {
  const responses = source?.responses ?? {};
  const receivedAt = source?.receivedAt ?? {};
  return {
    take(path) {
      const response = responses[path];
      if (!response) return null;
      delete responses[path];
      return { response, receivedAt: () => receivedAt[path] };
    },
    peek: (path) => responses[path] ?? null,
  };
}

/** The boot script's early requests of this page. */
export function windowEarlyRequests(): EarlyRequests {
  const holder = globalThis as unknown as Record<string, EarlyRequestsGlobal | undefined>;
  return earlyRequestsFrom(holder[EARLY_REQUESTS_GLOBAL]);
}

/** No early requests (tests, and every client but the page's own). */
export const NO_EARLY_REQUESTS: EarlyRequests = earlyRequestsFrom(null);
