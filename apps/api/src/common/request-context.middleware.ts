import { Injectable, Logger, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { logContext } from '@app/observability';

const SAFE_ID = /^[\w-]{8,64}$/;

/** Gives every request an id (or keeps a sane incoming X-Request-Id), echoes it, and logs the outcome. */
@Injectable()
export class RequestContextMiddleware implements NestMiddleware {
  private readonly logger = new Logger('http');

  use(req: Request, res: Response, next: NextFunction): void {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('x-request-id', requestId);
    const started = process.hrtime.bigint();
    logContext.run({ requestId }, () => {
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        logContext.run({ requestId }, () =>
          this.logger.log({
            msg: 'request',
            method: req.method,
            path: req.originalUrl.split('?')[0],
            status: res.statusCode,
            ms: Math.round(ms * 10) / 10,
          }),
        );
      });
      next();
    });
  }
}
