import type { NextFunction, Request, Response } from 'express';

/** What every answer under the api prefix is marked with, unless its handler says otherwise. */
export const API_CACHE_CONTROL = 'no-store';

/**
 * Answers under /api/v1 carry tokens (login, refresh), one-time tickets and private data (profile, wallet,
 * transactions, bets, the admin's lists): no browser, proxy or CDN may keep a copy (`Cache-Control: no-store`). Set
 * once for the whole prefix before anything else runs, so refusals (401, 413, 415, 429) and errors carry it too; a
 * handler whose answer is public and cacheable sets its own Cache-Control, which replaces this one.
 */
export function noStore(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cache-Control', API_CACHE_CONTROL);
  next();
}
