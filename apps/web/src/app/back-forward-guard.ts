import type { SessionHint } from '../shared/api';

/**
 * A page the browser restores from its back/forward cache shows its old screen as it was, without running the app
 * again. After a sign-out (the session hint is cleared, in any tab) such a restore must not show a protected
 * screen: the page reloads instead, and the guards then see a signed-out visitor. The app shell is also sent with
 * Cache-Control: no-store, which keeps most browsers from caching it at all; this covers the rest.
 */
export function guardBackForwardRestore(
  win: Pick<Window, 'addEventListener'>,
  hint: SessionHint,
  reload: () => void,
): void {
  win.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted && !hint.get()) {
      document.documentElement.style.visibility = 'hidden';
      reload();
    }
  });
}
