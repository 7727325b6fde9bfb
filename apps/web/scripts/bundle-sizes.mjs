#!/usr/bin/env node
// What a first visit downloads, and the lazily loaded chunks, of a web build (raw and gzip -9 bytes):
//   npx vite build --config apps/web/vite.config.ts && node apps/web/scripts/bundle-sizes.mjs [dist/web]
// "initial" is every script and stylesheet index.html links (the entry and its static imports).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = resolve(process.argv[2] ?? 'dist/web');
const print = (line) => process.stdout.write(`${line}\n`);
const size = (file) => {
  const bytes = readFileSync(join(dir, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;

const html = readFileSync(join(dir, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
let raw = 0;
let gzip = 0;
for (const file of initial) {
  const s = size(file);
  raw += s.raw;
  gzip += s.gzip;
  print(`initial  ${file.padEnd(48)} ${kb(s.raw).padStart(10)}  gzip ${kb(s.gzip)}`);
}
print(`initial  ${'total'.padEnd(48)} ${kb(raw).padStart(10)}  gzip ${kb(gzip)}`);
for (const file of readdirSync(join(dir, 'assets'))
  .filter((f) => /\.(js|css)$/.test(f))
  .sort()) {
  if (initial.includes(`assets/${file}`)) continue;
  const s = size(`assets/${file}`);
  print(`lazy     ${`assets/${file}`.padEnd(48)} ${kb(s.raw).padStart(10)}  gzip ${kb(s.gzip)}`);
}
