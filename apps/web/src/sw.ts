/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa's injectManifest into /sw.js): it precaches the app shell — index.html,
// the hashed scripts and styles, the icons and the offline page — so a repeat visit paints without the network, and an
// offline visit gets the offline page. It never stores or answers the API, the socket or the metrics: balances, rounds
// and bets always come from the server, so nothing stale about money is ever shown.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { navigationAnswer, pushNotification, type PushPayload } from './pwa/sw-logic';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

// Navigations first (this listener is registered before the precache's own): the shell or the offline page.
self.addEventListener('fetch', (event) => {
  if (event.request.mode !== 'navigate') return;
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  const answer = navigationAnswer(url.pathname, self.navigator.onLine);
  if (answer === 'network') return;
  event.respondWith(
    (async () => {
      if (answer === 'shell') {
        const shell = await matchPrecache('/index.html');
        if (shell) return shell;
      }
      try {
        if (answer === 'shell') return await fetch(event.request);
      } catch {
        // No shell cached and no network: the offline page below.
      }
      return (await matchPrecache('/offline.html')) ?? Response.error();
    })(),
  );
});

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new release takes over at once; the page keeps its (precached, consistent) scripts until its next load.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// Web push (off by default; only after the player allows it): what concerns their money.
self.addEventListener('push', (event) => {
  let payload: PushPayload | null;
  try {
    payload = event.data?.json() as PushPayload;
  } catch {
    payload = null;
  }
  const shown = pushNotification(payload);
  if (!shown) return;
  event.waitUntil(
    self.registration.showNotification(shown.title, {
      body: shown.body,
      tag: shown.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: shown.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data as { url?: string } | null)?.url ?? '/wallet', self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const client of windows) {
        if (new URL(client.url).origin === url.origin) {
          await client.focus();
          if ('navigate' in client) await (client as WindowClient).navigate(url.href);
          return;
        }
      }
      await self.clients.openWindow(url.href);
    })(),
  );
});
