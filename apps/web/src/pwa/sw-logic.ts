// What the service worker decides, as plain functions (tested in Vitest; src/sw.ts only wires them to its events).

/** Paths the server answers itself: never the shell, never cached. */
const SERVER_PATHS = /^\/(api|socket\.io|metrics)(\/|$)/;

/**
 * How a navigation is answered: offline → the offline page (never a cached screen with an old balance); online → the
 * precached shell at once (the app then loads its data); the server's own paths → the network, untouched.
 */
export function navigationAnswer(pathname: string, online: boolean): 'shell' | 'offline' | 'network' {
  if (SERVER_PATHS.test(pathname)) return 'network';
  return online ? 'shell' : 'offline';
}

/** A push message as the server sends it (apps/api's push sender). */
export interface PushPayload {
  readonly title?: unknown;
  readonly body?: unknown;
  readonly tag?: unknown;
  readonly url?: unknown;
}

/** The notification a push shows, or null for a malformed one; the URL it opens stays inside the app. */
export function pushNotification(
  payload: PushPayload | null,
): { title: string; body: string; tag?: string; url: string } | null {
  if (!payload || typeof payload.title !== 'string' || !payload.title) return null;
  const body = typeof payload.body === 'string' ? payload.body : '';
  const tag = typeof payload.tag === 'string' ? payload.tag : undefined;
  const url = typeof payload.url === 'string' && /^\/(?!\/)/.test(payload.url) ? payload.url : '/wallet';
  return { title: payload.title.slice(0, 120), body: body.slice(0, 300), ...(tag ? { tag } : {}), url };
}
