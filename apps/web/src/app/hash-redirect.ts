/**
 * Share links have the form `origin#/profile/{id}` (SPEC 2, Profile). The app routes by path, so on start a hash
 * that starts with '#/' is turned into the path it names: `/#/profile/42` → `/profile/42`, without a new history
 * entry. Returns the new path, or null when there was nothing to do.
 */
export function redirectHashRoute(
  location: Pick<Location, 'hash'> = window.location,
  history: Pick<History, 'replaceState'> = window.history,
): string | null {
  if (!location.hash.startsWith('#/')) return null;
  const path = location.hash.slice(1);
  history.replaceState(null, '', path);
  return path;
}
