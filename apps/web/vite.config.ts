import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { precompressDir } from '../../scripts/precompress.mjs';

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

const lib = (name: string) => fileURLToPath(new URL(`../../libs/${name}/src/index.ts`, import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  resolve: { alias: { '@app/domain': lib('domain'), '@app/contracts': lib('contracts') } },
  build: { outDir, emptyOutDir: true, sourcemap: 'hidden' },
  server: { proxy: { '/api': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } } },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
