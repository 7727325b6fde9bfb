// The browser's install offer (Chromium's `beforeinstallprompt`), held back until the player has placed a bet and
// then offered once: a player who has not played yet is not asked to keep the app.

/** The part of Chromium's BeforeInstallPromptEvent the app uses. */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice?: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const OFFERED_KEY = 'wr.install-offered';

let held: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

/** Starts holding the offer (before the app mounts, so an early event is not lost). */
export function holdInstallPrompt(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    held = event as InstallPromptEvent;
    for (const listener of listeners) listener();
  });
  target.addEventListener('appinstalled', () => {
    held = null;
    markOffered();
    for (const listener of listeners) listener();
  });
}

/** The held offer, if the browser made one. */
export function heldInstallPrompt(): InstallPromptEvent | null {
  return held;
}

/** Called when the held offer changes (for useSyncExternalStore). */
export function onInstallPromptChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wasOffered(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(OFFERED_KEY) === '1';
  } catch {
    return true;
  }
}

export function markOffered(storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(OFFERED_KEY, '1');
  } catch {
    // Private mode: the offer may come again next visit.
  }
}

/** Shows the browser's own install dialog for the held offer, once; the offer is then spent either way. */
export async function acceptInstallPrompt(): Promise<void> {
  const event = held;
  held = null;
  markOffered();
  for (const listener of listeners) listener();
  if (event) await event.prompt().catch(() => undefined);
}

export function dismissInstallPrompt(): void {
  held = null;
  markOffered();
  for (const listener of listeners) listener();
}

/** For tests: forget the held offer. */
export function resetInstallPromptForTests(): void {
  held = null;
  listeners.clear();
}
