/**
 * Registers the service worker (src/sw.ts, built to /sw.js) once the page has loaded, so its precache never competes
 * with the first paint. Only in a production build: the dev server has no /sw.js.
 */
export function registerServiceWorker(
  nav: Navigator = navigator,
  win: Pick<Window, 'addEventListener'> = window,
  doc: Pick<Document, 'readyState'> = document,
): void {
  if (!('serviceWorker' in nav)) return;
  const register = (): void => {
    nav.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  if (doc.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
