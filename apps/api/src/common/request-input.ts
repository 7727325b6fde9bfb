import { BadRequestException, HttpException, HttpStatus } from '@nestjs/common';
import type { NestExpressApplication, NestExpressBodyParserOptionsFor } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { isUtf8 } from 'node:buffer';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { INPUT_MESSAGES, inspectInput, textProblem, type InputProblem } from './input-rules.js';

/** Largest request body accepted (bytes); every request of the spec is well under 2 KB. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** The error a refused request gets (the exception filter turns it into the envelope). */
export function inputRefusal(problem: InputProblem): HttpException {
  const status = problem.status ?? HttpStatus.BAD_REQUEST;
  if (status !== HttpStatus.BAD_REQUEST) return new HttpException({ message: problem.message }, status);
  return new BadRequestException({
    message: problem.message,
    ...(problem.field ? { errors: { [problem.field]: problem.message } } : {}),
  });
}

function hasBody(req: Request): boolean {
  return (
    req.headers['transfer-encoding'] !== undefined ||
    (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0')
  );
}

/** Before the body is read: a body is JSON, sent uncompressed. */
function requireJsonBody(req: Request, _res: Response, next: NextFunction): void {
  if (!hasBody(req)) return next();
  const encoding = String(req.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  if (encoding !== 'identity' && encoding !== '')
    return next(inputRefusal({ message: INPUT_MESSAGES.encoding, field: '', status: 415 }));
  if (!req.is('application/json'))
    return next(inputRefusal({ message: INPUT_MESSAGES.contentType, field: '', status: 415 }));
  next();
}

/** Decodes one percent-encoded component of the address, or null when its encoding is broken. */
function decodeComponent(component: string): string | null {
  try {
    return decodeURIComponent(component.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** The first problem of the path and query as written, or null. Route parameters are decoded path segments. */
function addressProblem(url: string): InputProblem | null {
  const [path = '', query = ''] = url.split(/\?(.*)/s, 2);
  const components = [...path.split('/'), ...query.split(/[&=]/)];
  for (const component of components) {
    if (!component.includes('%') && !/[^\x20-\x7E]/.test(component)) continue;
    const decoded = decodeComponent(component);
    if (decoded === null) return { message: INPUT_MESSAGES.badUrl, field: '' };
    const problem = textProblem(decoded);
    if (problem) return problem;
  }
  return null;
}

/** After the body is parsed: the address and the body obey the input rules (common/input-rules.ts). */
function inspectRequest(req: Request, _res: Response, next: NextFunction): void {
  const address = addressProblem(req.originalUrl);
  if (address) return next(inputRefusal(address));
  if (!hasBody(req)) return next();
  const body: unknown = req.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return next(inputRefusal({ message: INPUT_MESSAGES.notObject, field: '' }));
  const problem = inspectInput(body);
  if (problem) return next(inputRefusal(problem));
  next();
}

/**
 * Installs the shared input layer of the HTTP api, in order: a body must be uncompressed JSON (415), its bytes
 * valid UTF-8 (400) and at most BODY_LIMIT_BYTES (413); then the address, the query and the parsed body must obey
 * the input rules (400). Every route, present and future, is behind it.
 */
export function useRequestInputRules(app: NestExpressApplication): void {
  app.use(requireJsonBody);
  // `verify` is the body parser's own option (Nest's type leaves it out because its raw-body mode sets it).
  const verify = (_req: unknown, _res: unknown, buffer: Buffer) => {
    if (!isUtf8(buffer))
      throw Object.assign(new Error(INPUT_MESSAGES.notUtf8), { status: 400, type: 'entity.not.utf8' });
  };
  app.useBodyParser('json', {
    limit: BODY_LIMIT_BYTES,
    inflate: false,
    verify,
  } as NestExpressBodyParserOptionsFor<'json'>);
  app.use(inspectRequest);
}

/**
 * Requests the HTTP parser itself refuses (an address or headers over its limit, malformed HTTP, a request that
 * arrives too slowly) never reach the app; Node would answer them with an empty body. They get the envelope too.
 */
export function answerUnparsableRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [statusCode, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, INPUT_MESSAGES.headersTooLarge]
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, INPUT_MESSAGES.tooSlow]
          : [400, INPUT_MESSAGES.unreadable];
    const body = JSON.stringify({ success: false, statusCode, message });
    socket.end(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
