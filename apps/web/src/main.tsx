// The screens' stylesheets first, the global one last (see styles/screen-styles.ts).
import './styles/screen-styles';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadFirstScreens } from './app/AppRoutes';
import { guardBackForwardRestore } from './app/back-forward-guard';
import { redirectHashRoute } from './app/hash-redirect';
import { createAppStore } from './app/store';
import { holdInstallPrompt } from './pwa/install-prompt';
import { registerServiceWorker } from './pwa/register';
import { createApiClient, localSessionHint, windowEarlyRequests } from './shared/api';
import { startInInitialLanguage } from './shared/i18n/i18n';
import './styles/global.css';

// Before the router reads the location: share links arrive as origin#/profile/{id}.
redirectHashRoute();

// After a sign-out, Back must not bring a protected screen back from the browser's page cache.
guardBackForwardRestore(window, localSessionHint, () => window.location.reload());

// The install offer is held from the start and made after a first bet (pwa/InstallOffer).
holdInstallPrompt();

/** Runs `mount` after the next frame has been painted, or after 100 ms in a hidden tab (which paints no frames). */
function afterShellPainted(mount: () => void): void {
  let mounted = false;
  const once = () => {
    if (mounted) return;
    mounted = true;
    mount();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}

// The API client takes the answers index.html's boot script asked for before this script arrived (the server's rules
// and the session's restoration), each once.
const store = createAppStore({ api: createApiClient({ early: windowEarlyRequests() }) });
const root = createRoot(document.getElementById('root')!);
// A Hindi reader's catalogue is a chunk of its own: the first render waits for it (English is bundled). The app
// mounts once the browser has painted the static shell (when the scripts come quickly, from a warm cache or a fast
// network, the first paint would otherwise wait for the app's). The first render is a transition, so React yields
// to the browser between components instead of holding the main thread for the whole tree.
void startInInitialLanguage().then(() =>
  afterShellPainted(() => startTransition(() => root.render(<App store={store} />))),
);

// The first screen's chunk loads alongside the session's restoration rather than after it (asked for after the
// store's first calls, which then go first on a phone's few connections).
preloadFirstScreens(localSessionHint.get());

// The shell precached for the next visit and the offline page (src/sw.ts), once this page has loaded.
if (import.meta.env.PROD) registerServiceWorker();
