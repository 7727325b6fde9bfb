import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { existsSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { INPUT_MESSAGES } from '../common/input-rules.js';

const NOT_SPA = /^\/(api|socket\.io|metrics)(\/|$)/;
const SOURCE_MAP = /\.map$/i;
/** What the build precompresses (scripts/precompress.mjs). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The app shell (index.html, ~1 KB; every asset it names is cached for a year) is never stored: a new release is
 * picked up at once, and after a sign-out Back cannot bring a signed-in page back from a cache.
 */
const SHELL = 'no-store';
/** The service worker script is revalidated on every check, so a release reaches installed apps at once. */
const SERVICE_WORKER = 'no-cache';

function cacheControlFor(file: string): string {
  if (/[\\/]assets[\\/]/.test(file)) return IMMUTABLE;
  if (/\.html$/i.test(file)) return SHELL;
  if (/[\\/]sw\.js$/i.test(file)) return SERVICE_WORKER;
  return 'public, max-age=3600';
}

/** Files of the build inside `root` (never outside it), as they exist. */
function fileInside(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const file = resolve(root, `.${decoded}`);
  if (file !== root && !file.startsWith(root + sep)) return null;
  return file;
}

/**
 * The best precompressed variant the client accepts: brotli, then gzip; null for the plain file. The server's
 * preference decides between encodings the client accepts alike: browsers list `gzip, deflate, br, zstd`, all of
 * equal weight, and a first-listed-wins negotiation would give them the larger gzip file.
 */
function encodingFor(req: Request, file: string): { encoding: 'br' | 'gzip'; path: string } | null {
  const accepts = (encoding: 'br' | 'gzip') => req.acceptsEncodings(encoding) === encoding;
  if (accepts('br') && existsSync(`${file}.br`)) return { encoding: 'br', path: `${file}.br` };
  if (accepts('gzip') && existsSync(`${file}.gz`)) return { encoding: 'gzip', path: `${file}.gz` };
  return null;
}

/**
 * Sends a file of the build, its precompressed variant when the client accepts one (Content-Encoding, the original
 * file's Content-Type, Vary: Accept-Encoding).
 */
function sendBuilt(req: Request, res: Response, next: NextFunction, file: string, cacheControl: string): void {
  if (COMPRESSIBLE.test(file)) res.setHeader('Vary', 'Accept-Encoding');
  const variant = COMPRESSIBLE.test(file) ? encodingFor(req, file) : null;
  res.setHeader('Cache-Control', cacheControl);
  if (!variant) {
    res.sendFile(file, { cacheControl: false }, (error) => error && next(error));
    return;
  }
  res.setHeader('Content-Encoding', variant.encoding);
  res.type(extname(file));
  res.sendFile(variant.path, { cacheControl: false }, (error) => error && next(error));
}

/**
 * Pages a visitor opens first (their screens: the visitor's chunk), the game (its own chunk) and a signed-in player's
 * other pages (the player's chunk).
 */
const VISITOR_PAGES = /^\/(login|register|forgot-password|terms-and-conditions)?\/?$/;
const GAME_PAGE = /^\/game\/?$/;
const PLAYER_PAGES = /^\/(game|history|wallet|wallet\/statement|profile(\/[^/]+)?|withdraw|identity|disputes)\/?$/;

/**
 * The page for a client-side route: the shell that also asks for that route's screens while the entry downloads
 * (index.visitor.html, index.game.html, index.player.html, written by the web build), else index.html. (A build
 * without a game page gives the game the player's.)
 */
export function shellFor(
  path: string,
  variants: { visitor: string | null; game?: string | null; player: string | null; index: string },
) {
  if (VISITOR_PAGES.test(path) && variants.visitor) return variants.visitor;
  if (GAME_PAGE.test(path) && variants.game) return variants.game;
  if (PLAYER_PAGES.test(path) && variants.player) return variants.player;
  return variants.index;
}

/**
 * Serves the built web app (single-node mode): precompressed brotli/gzip variants of the build's assets when the
 * client accepts them, hashed assets cached for a year, and a fallback to index.html (never stored, see SHELL) for
 * client-side routes.
 */
export function serveWebApp(app: NestExpressApplication, dir: string): boolean {
  const root = resolve(dir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return false;
  const variant = (name: string) => (existsSync(join(root, name)) ? join(root, name) : null);
  const shells = {
    index,
    visitor: variant('index.visitor.html'),
    game: variant('index.game.html'),
    player: variant('index.player.html'),
  };
  // Source maps stay on the server (the build writes them for error reports): the public gets 404.
  app.use((req: Request, res: Response, next: NextFunction) =>
    SOURCE_MAP.test(req.path)
      ? res.status(404).json({ success: false, statusCode: 404, message: INPUT_MESSAGES.notFound })
      : next(),
  );
  // Build files with a precompressed variant (the compressed files themselves are not addressed directly).
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_SPA.test(req.path) || !COMPRESSIBLE.test(req.path))
      return next();
    const file = fileInside(root, req.path);
    if (!file || !existsSync(file) || !statSync(file).isFile()) return next();
    sendBuilt(req, res, next, file, cacheControlFor(file));
  });
  app.useStaticAssets(root, {
    index: false,
    maxAge: '1h',
    setHeaders: (res, path) => {
      if (/[\\/]assets[\\/]/.test(path)) res.setHeader('Cache-Control', IMMUTABLE);
    },
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_SPA.test(req.path)) return next();
    sendBuilt(req, res, next, shellFor(req.path, shells), SHELL);
  });
  return true;
}
