#!/usr/bin/env node
// Precompresses a built web app: every compressible file (JS, CSS, HTML, SVG, JSON, manifest) of at least 1 KiB
// gets a .br (brotli, best) and a .gz (gzip, best) beside it, so the server sends compressed bytes without
// compressing per request. Source maps are skipped (never served). Run by the Vite build (apps/web/vite.config.ts);
// by hand: `node scripts/precompress.mjs dist/web`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/i;
export const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes <file>.br and <file>.gz for every compressible file of `dir`; returns what it wrote, with sizes. */
export function precompressDir(dir, { minBytes = MIN_BYTES } = {}) {
  const written = [];
  for (const path of files(resolve(dir))) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < minBytes) continue;
    const raw = readFileSync(path);
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gz);
    written.push({ path, bytes: raw.length, br: br.length, gzip: gz.length });
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'dist/web';
  const written = precompressDir(dir);
  const sum = (key) => written.reduce((n, f) => n + f[key], 0);
  console.log(
    `precompressed ${written.length} files: ${sum('bytes')} bytes → brotli ${sum('br')}, gzip ${sum('gzip')}`,
  );
}
