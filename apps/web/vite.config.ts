import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rollup } from 'vite';
import { precompressDir } from '../../scripts/precompress.mjs';
import { DEV_API_KEY } from '../../libs/contracts/src/envelope.js';

const outDir = fileURLToPath(new URL('../../dist/web', import.meta.url));

/**
 * After the build is written, every compressible asset gets .br and .gz beside it (served by the api,
 * apps/api/src/web). A build that writes nothing (the bundle test) leaves the output directory alone.
 */
function precompress(): Plugin {
  let written: string | null = null;
  return {
    name: 'winround-precompress',
    apply: 'build',
    writeBundle(options) {
      written = options.dir ?? outDir;
    },
    closeBundle() {
      if (written) precompressDir(written);
      written = null;
    },
  };
}

/**
 * The built page's stylesheets move from the head to the end of the body: the browser then paints the static shell
 * (index.html's inline style and markup) at once instead of waiting for them, and the app's script, which runs after
 * them, mounts with every rule loaded.
 */
function shellFirst(): Plugin {
  return {
    name: 'winround-shell-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const sheets = html.match(/^\s*<link rel="stylesheet"[^>]*>\n?/gm) ?? [];
        if (sheets.length === 0) return html;
        const rest = sheets.reduce((page, sheet) => page.replace(sheet, ''), html);
        return rest.replace('</body>', `${sheets.map((s) => `  ${s.trim()}`).join('\n')}\n  </body>`);
      },
    },
  };
}

/**
 * index.html's boot script (its early calls) reads the client API key from a meta tag, so that the script's text,
 * which the Content-Security-Policy allows by its hash, is the same in every build: the build's VITE_API_KEY, else
 * the development key, as the app's own client sends it (src/shared/api/client.ts, clientApiKey).
 */
function apiKeyMeta(): Plugin {
  let key = DEV_API_KEY;
  const attribute = (value: string) =>
    value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    name: 'winround-api-key-meta',
    configResolved(config) {
      key = config.env.VITE_API_KEY || DEV_API_KEY;
    },
    transformIndexHtml: (html) => html.replace('%WINROUND_API_KEY%', attribute(key)),
  };
}

/** The screens' chunks a first visit needs first, by the kind of page asked for (apps/api/src/web/spa.ts). */
const FIRST_SCREENS = {
  visitor: /app[\\/]screens[\\/]public-screens\.ts$/,
  player: /app[\\/]screens[\\/]player-screens\.ts$/,
  game: /app[\\/]screens[\\/]game-screen\.ts$/,
} as const;

/**
 * Writes index.visitor.html, index.player.html and index.game.html beside index.html: the same page, which also asks
 * for the visitor's screens, the player's or the game's (and their stylesheets) while the entry downloads, instead of
 * after it ran.
 * The api serves the one a path needs (spa.ts); index.html stays the shell for every other path and for the
 * service worker.
 */
function firstScreenPages(): Plugin {
  return {
    name: 'winround-first-screen-pages',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? outDir;
      const page = readFileSync(join(dir, 'index.html'), 'utf8');
      const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      const loaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
      for (const [kind, facade] of Object.entries(FIRST_SCREENS)) {
        const screens = chunks.find((chunk) => chunk.facadeModuleId && facade.test(chunk.facadeModuleId));
        if (!screens) throw new Error(`The ${kind} screens' chunk is missing from the build`);
        const scripts = [screens.fileName, ...screens.imports].filter((file) => !loaded.has(file));
        const styles = [...(screens.viteMetadata?.importedCss ?? [])];
        const links = [
          ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          // crossorigin, as the stylesheet link the app then adds has it: a preload of another mode is not used.
          ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
        ];
        writeFileSync(join(dir, `index.${kind}.html`), page.replace('</body>', `  ${links.join('\n    ')}\n  </body>`));
      }
    },
  };
}

const lib = (name: string) => fileURLToPath(new URL(`../../libs/${name}/src/index.ts`, import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    apiKeyMeta(),
    shellFirst(),
    firstScreenPages(),
    // The service worker (src/sw.ts): the shell precached, the offline page, web push. The manifest is public/'s own.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['index.html', 'offline.html', 'assets/*.{js,css}', 'icons/icon-192.png', 'manifest.webmanifest'],
        // The console's chunks stay out: players never load them.
        globIgnores: ['**/*.map', 'assets/AdminConsole-*', 'assets/uPlot*'],
      },
    }),
    precompress(),
  ],
  resolve: { alias: { '@app/domain': lib('domain'), '@app/contracts': lib('contracts') } },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The app's own modules that two or more lazily loaded screens share travel in one chunk, not in a
              // dozen small ones: a phone on HTTP/1.1 opens six connections, and a dozen requests queue the
              // session's restoration behind them. (The console's modules stay in its own chunks; every player
              // screen's stylesheet is the entry's, styles/screen-styles.ts.)
              name: 'screens-shared',
              test: /apps[\\/]web[\\/]src[\\/](?!features[\\/]admin[\\/])|libs[\\/](domain|contracts)[\\/]/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } } },
  test: {
    // Two files at a time at least, as the backend's suites (jest.config.js): Vitest's own default is one fewer than
    // the cores, a single worker on a 2-core box, where half a core then idles while jsdom loads.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
