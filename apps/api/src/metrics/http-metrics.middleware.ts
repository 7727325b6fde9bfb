import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ApiMetrics } from './api-metrics.service.js';

/**
 * Times every HTTP request. The route label is the matched route's template (`/api/v1/user/profile/:id`), never
 * the raw path, so ids do not multiply the series; requests that matched no route (404s of unknown paths) are labelled 'unmatched'.
 */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  constructor(@Inject(ApiMetrics) private readonly metrics: ApiMetrics) {}

  use(req: Request, res: Response, next: NextFunction): void {
    const stop = this.metrics.httpDuration.startTimer();
    res.once('finish', () => {
      const template = (req.route as { path?: unknown } | undefined)?.path;
      // Nest answers unknown paths from a catch-all route (`/api/v1*path`): those are 'unmatched' too.
      const matched = typeof template === 'string' && !(res.statusCode === 404 && template.includes('*'));
      const route = matched ? `${req.baseUrl ?? ''}${template}` : 'unmatched';
      stop({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  }
}
