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

/** Loads every screen's chunk now (tests render the app as a visitor who has every chunk already). */
export async function preloadScreens(): Promise<void> {
  await Promise.all([...importers].map(async (importer) => loaded.set(importer, await importer())));
}
