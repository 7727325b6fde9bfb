// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';

/**
 * The production build, analysed without writing it: a player's pages load the entry chunk and what it imports
 * statically; the admin console (screens, slice, saga, API calls, charts) must sit only in chunks reached through
 * a dynamic import, so a player never downloads it.
 */
const CONFIG = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));
const ADMIN_CODE = /\/apps\/web\/src\/features\/admin\/|\/node_modules\/uplot\//;

let stylesheets: Rollup.OutputAsset[] = [];

async function buildChunks(): Promise<Rollup.OutputChunk[]> {
  const result = await build({ configFile: CONFIG, logLevel: 'silent', build: { write: false, sourcemap: false } });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const files = outputs.flatMap((o) => o.output);
  stylesheets = files.filter((o): o is Rollup.OutputAsset => o.type === 'asset' && o.fileName.endsWith('.css'));
  return files.filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
}

/** The chunks a page loads before any dynamic import: the entry and its static imports, transitively. */
function staticClosure(chunks: Rollup.OutputChunk[]): Rollup.OutputChunk[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('no entry chunk');
  const seen = new Map<string, Rollup.OutputChunk>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) visit(byName.get(name)!);
  };
  visit(entry);
  return [...seen.values()];
}

describe('bundle split', () => {
  let chunks: Rollup.OutputChunk[];
  beforeAll(async () => {
    chunks = await buildChunks();
  }, 180_000);

  test('the chunks a player loads hold no admin code', () => {
    const loaded = staticClosure(chunks);
    const adminModules = loaded.flatMap((c) => c.moduleIds.filter((id) => ADMIN_CODE.test(id)));
    expect(adminModules).toEqual([]);
    // The entry does carry the app (store, sagas, live socket): the check is not vacuous.
    const ids = loaded.flatMap((c) => c.moduleIds);
    for (const file of ['/app/store.ts', '/app/root.saga.ts', '/features/socket/socket.saga.ts'])
      expect(ids.some((id) => id.endsWith(file))).toBe(true);
  });

  test('the BLS pairing code of the beacon verifier is only in lazily loaded chunks', () => {
    const loaded = staticClosure(chunks);
    expect(loaded.flatMap((c) => c.moduleIds.filter((id) => /\/node_modules\/@noble\/curves\//.test(id)))).toEqual([]);
    const lazy = chunks.filter((c) => !loaded.includes(c));
    expect(lazy.some((c) => c.moduleIds.some((id) => id.endsWith('/@noble/curves/bls12-381.js')))).toBe(true);
  });

  test('an English reader never downloads the Hindi catalogue: it is a chunk of its own, English is bundled', () => {
    const loaded = staticClosure(chunks);
    const loadedIds = loaded.flatMap((c) => c.moduleIds);
    expect(loadedIds.filter((id) => id.endsWith('/locales/hi-IN.ts'))).toEqual([]);
    expect(loadedIds.some((id) => id.endsWith('/locales/en-IN.ts'))).toBe(true);
    const hindi = chunks.filter((c) => c.moduleIds.some((id) => id.endsWith('/locales/hi-IN.ts')));
    expect(hindi.map((c) => ({ dynamic: c.isDynamicEntry, modules: c.moduleIds.length }))).toEqual([
      { dynamic: true, modules: 1 },
    ]);
  });

  test('the admin console, its slice, saga and charts are in lazily loaded chunks', () => {
    const player = new Set(staticClosure(chunks).map((c) => c.fileName));
    const lazy = chunks.filter((c) => !player.has(c.fileName));
    const lazyModules = lazy.flatMap((c) => c.moduleIds);
    const files = [
      'components/AdminConsole.tsx',
      'components/AdminPanel.tsx',
      'admin.slice.ts',
      'admin.saga.ts',
      'api.ts',
    ];
    expect(files.filter((file) => !lazyModules.some((id) => id.endsWith(`/features/admin/${file}`)))).toEqual([]);
    expect(lazyModules.some((id) => /\/node_modules\/uplot\//.test(id))).toBe(true);
    const console = lazy.find((c) =>
      c.moduleIds.some((id) => id.endsWith('/features/admin/components/AdminConsole.tsx')),
    )!;
    expect(console.isDynamicEntry).toBe(true);
  });

  test("the screens load with their routes: the visitor's and the player's screens are not in the entry", () => {
    const player = new Set(staticClosure(chunks).map((c) => c.fileName));
    const lazyModules = chunks.filter((c) => !player.has(c.fileName)).flatMap((c) => c.moduleIds);
    const screens = [
      'landing/components/LandingPage.tsx',
      'game/components/GameScreen.tsx',
      'wallet/components/WalletPage.tsx',
      'deposit/components/DepositPage.tsx',
      'fairness/components/FairnessPage.tsx',
    ];
    expect(screens.filter((file) => !lazyModules.some((id) => id.endsWith(`/features/${file}`)))).toEqual([]);
  });

  test("a player's stylesheet is one file, the entry's: the first screen waits for one request, not three", () => {
    const entry = chunks.find((c) => c.isEntry)!;
    const entryCss = [...(entry.viteMetadata?.importedCss ?? [])];
    expect(entryCss).toHaveLength(1);
    const console = chunks.find((c) =>
      c.moduleIds.some((id) => id.endsWith('/features/admin/components/AdminConsole.tsx')),
    )!;
    const consoleCss = new Set(console.viteMetadata?.importedCss ?? []);
    // Every other stylesheet of the build is the console's own.
    expect(stylesheets.map((s) => s.fileName).filter((f) => f !== entryCss[0] && !consoleCss.has(f))).toEqual([]);
    // Lazily loaded player screens bring no stylesheet of their own (their rules are in the entry's).
    const lazyWithCss = chunks.filter(
      (c) => c !== entry && c !== console && (c.viteMetadata?.importedCss.size ?? 0) > 0,
    );
    expect(lazyWithCss.map((c) => c.fileName)).toEqual([]);
    // The entry's stylesheet does carry the screens' rules: from the game to the statement and the break.
    const css = String(stylesheets.find((s) => s.fileName === entryCss[0])!.source);
    for (const rule of ['.game-cards', '.play-break', '.dispute-card', '.statement-range', '.help', '.language-switch'])
      expect(css).toContain(rule);
  });
});
