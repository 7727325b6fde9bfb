/**
 * Whether this browser may hold a session: set when a login or a refresh succeeds, cleared on sign-out. The
 * refresh cookie is httpOnly (scripts cannot see it), so without this a visitor who never signed in would call
 * GET /auth/refresh-token on every page and get a 401 each time (a red console error). Kept in local storage so
 * a new tab of a signed-in player still refreshes. Never a credential: the server decides, the hint only says
 * whether asking is worth it.
 */
export interface SessionHint {
  get(): boolean;
  set(): void;
  clear(): void;
}

export const SESSION_HINT_KEY = 'winround.maySignedIn';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export const localSessionHint: SessionHint = {
  // Without storage there is no way to know: ask the server.
  get: () => {
    const s = storage();
    return s ? s.getItem(SESSION_HINT_KEY) === '1' : true;
  },
  set: () => storage()?.setItem(SESSION_HINT_KEY, '1'),
  clear: () => storage()?.removeItem(SESSION_HINT_KEY),
};

/** A hint held in memory (tests), starting as given. */
export function memorySessionHint(initial: boolean): SessionHint {
  let value = initial;
  return {
    get: () => value,
    set: () => {
      value = true;
    },
    clear: () => {
      value = false;
    },
  };
}
