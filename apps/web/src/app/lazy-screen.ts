import { lazy, type ComponentType } from 'react';

type Importer = () => Promise<Record<string, unknown>>;

/** Modules already loaded, by their importer. */
const loaded = new Map<Importer, Record<string, unknown>>();
const importers = new Set<Importer>();

/** A thenable that hands its value over at once: React renders a lazy component from it without suspending. */
const settled = <T>(value: T) => ({ then: (onFulfilled: (value: T) => unknown) => void onFulfilled(value) });

/**
 * A screen loaded with its route: `load` imports the module (one chunk may hold several screens), `name` picks
 * the component. Once a chunk has arrived, every screen in it renders straight away (no spinner on the way to a
 * second screen of the same chunk).
 */
export function lazyScreen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  const importer = load as Importer;
  importers.add(importer);
  return lazy(() => {
    const module = loaded.get(importer);
    const component = (m: Record<string, unknown>) => ({ default: m[name] as ComponentType });
    if (module) return settled(component(module)) as unknown as Promise<{ default: ComponentType }>;
    return importer().then((m) => {
      loaded.set(importer, m);
      return component(m);
    });
  });
}

/**
 * Starts loading one chunk now and keeps its module when it arrives, so the route's first render finds it and renders
 * its screen straight away. Without the module kept, the first render would suspend on a chunk already in the browser
 * and React would hold the screen back behind its fallback (React throttles the reveal of suspended content to one
 * every 300 ms). Resolves with the module; a failure is left to the route's own load, which shows it.
 */
export function preloadScreen(load: () => Promise<Record<string, unknown>>): Promise<Record<string, unknown>> {
  const importer = load as Importer;
  return importer().then((module) => {
    loaded.set(importer, module);
    return module;
  });
}

/** Loads every screen's chunk now (tests render the app as a visitor who has every chunk already). */
export async function preloadScreens(): Promise<void> {
  await Promise.all([...importers].map(async (importer) => loaded.set(importer, await importer())));
}
