import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { INPUT_MESSAGES } from '../common/input-rules.js';

const NOT_SPA = /^\/(api|socket\.io|metrics)(\/|$)/;
const SOURCE_MAP = /\.map$/i;

/** Serves the built web app with a fallback to index.html for client-side routes (single-node mode). */
export function serveWebApp(app: NestExpressApplication, dir: string): boolean {
  const root = resolve(dir);
  const index = join(root, 'index.html');
  if (!existsSync(index)) return false;
  // Source maps stay on the server (the build writes them for error reports): the public gets 404.
  app.use((req: Request, res: Response, next: NextFunction) => (SOURCE_MAP.test(req.path) ? res.status(404).json({ success: false, statusCode: 404, message: INPUT_MESSAGES.notFound }) : next()));
  app.useStaticAssets(root, { index: false, maxAge: '1h', setHeaders: (res, path) => {
    if (/[\\/]assets[\\/]/.test(path)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
  } });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_SPA.test(req.path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return true;
}
