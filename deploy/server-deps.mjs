#!/usr/bin/env node
// The packages the server image ships: the production closure, in package-lock.json, of the packages the server
// code (api, round engine, libs, the reconciliation script) imports, plus the few NestJS loads by name at run time.
// Web-only packages (React, the router, Redux…; Vite bundles them into dist/web), dev tools and the embedded
// Postgres of `npm start` are not in it.
//
//   node deploy/server-deps.mjs                 # lists the node_modules paths, one a line
//   node deploy/server-deps.mjs --copy-to DIR   # copies them from ./node_modules into DIR (the Dockerfile does)
import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the server's code lives (tests and test helpers excluded). */
export const SERVER_SOURCES = ['apps/api/src', 'apps/round-engine/src', 'libs', 'scripts/reconcile.mjs'];

/** Loaded by NestJS by name (loadPackage / the platform adapters), never imported by our code. */
export const LOADED_BY_NAME = [
  '@nestjs/platform-express',
  '@nestjs/platform-socket.io',
  'reflect-metadata',
  'class-transformer',
  'class-validator',
  'rxjs',
];

const SKIP = /\.(spec|int-spec|test)\.[cm]?[jt]sx?$|[\\/](testing|node_modules)[\\/]|[\\/]testing$/;
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`); null for relative, node: and @app/ ones. */
export function packageOf(specifier) {
  if (/^(\.|\/|node:|@app\/)/.test(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Packages imported at run time by the source files under `paths` (type-only imports do not count). */
export function importedPackages(paths, root = ROOT) {
  const found = new Set();
  const visit = (path) => {
    if (!existsSync(path) || SKIP.test(`/${relative(root, path)}`)) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
      return;
    }
    if (!/\.[cm]?[jt]s$/.test(path) || path.endsWith('.d.ts') || path.endsWith('.d.mts')) return;
    const text = readFileSync(path, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      if (match[1]) continue; // import type …
      const name = packageOf(match[2] ?? match[3]);
      if (name) found.add(name);
    }
  };
  for (const p of paths) visit(join(root, p));
  return found;
}

/** The lock entry path a package `name` required from the package at `from` resolves to (Node's lookup). */
function resolveIn(packages, from, name) {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const at = base.lastIndexOf('/node_modules/');
    base = at === -1 ? '' : base.slice(0, at);
  }
}

/**
 * The production closure of `roots` in a package-lock (v2/v3): every lock path (`node_modules/…`) reachable
 * through dependencies, optional dependencies present in the lock, and required peer dependencies.
 */
export function closure(lock, roots) {
  const packages = lock.packages;
  const seen = new Set();
  const missing = [];
  const queue = roots.map((name) => ['', name, false]);
  while (queue.length > 0) {
    const [from, name, optional] = queue.shift();
    const path = resolveIn(packages, from, name);
    if (!path) {
      if (!optional) missing.push(`${name} (required by ${from || 'the server'})`);
      continue;
    }
    if (seen.has(path)) continue;
    seen.add(path);
    const entry = packages[path];
    for (const dep of Object.keys(entry.dependencies ?? {})) queue.push([path, dep, false]);
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) queue.push([path, dep, true]);
    // Peer dependencies are installed beside their dependent (npm 7+), unless marked optional.
    for (const dep of Object.keys(entry.peerDependencies ?? {}))
      if (!entry.peerDependenciesMeta?.[dep]?.optional) queue.push([path, dep, true]);
  }
  return { paths: [...seen].sort(), missing };
}

/** The server's package set for this repository: { roots, paths, missing, undeclared }. */
export function serverDependencies(root = ROOT) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const declared = new Set(Object.keys(pkg.dependencies ?? {}));
  const imported = importedPackages(SERVER_SOURCES, root);
  // A package the server imports must be a production dependency, or the image would not start.
  const undeclared = [...imported].filter((name) => !declared.has(name)).sort();
  const roots = [...new Set([...imported, ...LOADED_BY_NAME])].filter((name) => declared.has(name)).sort();
  return { roots, undeclared, ...closure(lock, roots) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { roots, paths, missing, undeclared } = serverDependencies();
  if (undeclared.length > 0 || missing.length > 0) {
    if (undeclared.length)
      console.error(`Imported by the server but not in package.json "dependencies": ${undeclared.join(', ')}`);
    if (missing.length) console.error(`Not in package-lock.json: ${missing.join(', ')}`);
    process.exit(1);
  }
  const args = process.argv.slice(2);
  const target = args.includes('--copy-to') ? args[args.indexOf('--copy-to') + 1] : null;
  if (!target) {
    for (const p of paths) console.log(p);
    process.exit(0);
  }
  let copied = 0;
  for (const p of paths) {
    const source = join(ROOT, p);
    // An optional platform package of another OS/CPU is in the lock but not installed.
    if (!existsSync(source)) continue;
    cpSync(source, join(target, p.replace(/^node_modules\//, '')), {
      recursive: true,
      dereference: false,
      filter: (src) => !src.slice(source.length).includes('/node_modules/'),
    });
    copied++;
  }
  console.error(`${copied} packages (${roots.length} direct) copied to ${target}`);
}
