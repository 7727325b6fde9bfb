import { sameOriginAppPath } from '../shared/paths';

/**
 * The app path a hash names (`#/profile/42?ref=share` → `/profile/42?ref=share`), or null when it names anything else:
 * only a single-slash path under one of the app's own routes, that stays on this origin once resolved
 * (`sameOriginAppPath`). Refused: `#//evil.example/x` and `#/\evil.example` (another origin), control characters,
 * and paths of no app route.
 */
export function appPathOfHash(hash: string, origin: string): string | null {
  return hash.startsWith('#/') ? sameOriginAppPath(hash.slice(1), origin) : null;
}

/**
 * Share links have the form `origin#/profile/{id}` (SPEC 2, Profile). The app routes by path, so on start a hash
 * that names one of the app's paths is turned into that path: `/#/profile/42` → `/profile/42`, without a new history
 * entry. Returns the new path, or null when there was nothing to do. Never throws: a hash it cannot use (another
 * origin, not an app path) is left alone, and a browser that refuses the rewrite leaves the address as it was, so the
 * app always mounts.
 */
export function redirectHashRoute(
  location: Pick<Location, 'hash' | 'origin'> = window.location,
  history: Pick<History, 'replaceState'> = window.history,
): string | null {
  try {
    const path = appPathOfHash(location.hash, location.origin);
    if (path === null) return null;
    history.replaceState(null, '', path);
    return path;
  } catch {
    return null;
  }
}
