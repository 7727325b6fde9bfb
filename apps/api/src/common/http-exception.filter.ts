import { ArgumentsHost, Catch, HttpException, HttpStatus, Logger, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import type { ApiError } from '@app/contracts';
import { SOMETHING_WENT_WRONG } from '@app/domain';
import { INPUT_MESSAGES } from './input-rules.js';

/** Turns every error into the `{ success: false, statusCode, message }` envelope; never leaks internals. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const response = host.switchToHttp().getResponse<Response>();
    const body = toApiError(exception);
    if (body.statusCode >= 500) this.logger.error(exception instanceof Error ? exception : String(exception));
    if (!response.headersSent) response.status(body.statusCode).json(body);
  }
}

/**
 * Errors of reading the request itself (body parser, address decoding) by their `type`, in the product's words:
 * the parser's own texts name libraries and internals.
 */
const READ_ERRORS: Record<string, { statusCode: number; message: string }> = {
  'entity.parse.failed': { statusCode: 400, message: INPUT_MESSAGES.notJson },
  'entity.not.utf8': { statusCode: 400, message: INPUT_MESSAGES.notUtf8 },
  'entity.too.large': { statusCode: 413, message: INPUT_MESSAGES.tooLarge },
  'encoding.unsupported': { statusCode: 415, message: INPUT_MESSAGES.encoding },
  'charset.unsupported': { statusCode: 415, message: INPUT_MESSAGES.contentType },
};
const UNREADABLE = 'The request could not be read.';

function readError(error: unknown, statusCode: number): ApiError | null {
  if (!error || typeof error !== 'object') return null;
  if (error instanceof URIError) return { success: false, statusCode: 400, message: INPUT_MESSAGES.badUrl };
  if (error instanceof SyntaxError && statusCode === 400)
    return { success: false, statusCode: 400, message: INPUT_MESSAGES.notJson };
  const type = (error as { type?: unknown }).type;
  if (typeof type !== 'string') return null;
  const known = READ_ERRORS[type];
  if (known) return { success: false, ...known };
  return statusCode < 500 ? { success: false, statusCode, message: UNREADABLE } : null;
}

export function toApiError(exception: unknown): ApiError {
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const read = readError(exception.cause, statusCode);
    if (read) return read;
    if (statusCode === 413) return { success: false, statusCode: 413, message: INPUT_MESSAGES.tooLarge };
    // The router's own 404 ('Cannot GET /path?query') would echo the address back: say it without it.
    if (statusCode === 404 && /^Cannot [A-Z]+ \//.test(exception.message))
      return { success: false, statusCode: 404, message: INPUT_MESSAGES.notFound };
    const raw = exception.getResponse();
    let message = exception.message;
    let errors: Record<string, string> | undefined;
    let playBreak: ApiError['playBreak'];
    if (typeof raw === 'string') message = raw;
    else if (raw && typeof raw === 'object') {
      const r = raw as { message?: unknown; errors?: Record<string, string>; playBreak?: ApiError['playBreak'] };
      if (Array.isArray(r.message)) message = String(r.message[0] ?? message);
      else if (typeof r.message === 'string') message = r.message;
      errors = r.errors;
      playBreak = r.playBreak;
    }
    return { success: false, statusCode, message, ...(errors ? { errors } : {}), ...(playBreak ? { playBreak } : {}) };
  }
  const status =
    (exception as { status?: number; statusCode?: number })?.status ??
    (exception as { statusCode?: number })?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const read = readError(exception, status);
    if (read) return read;
  }
  return { success: false, statusCode: HttpStatus.INTERNAL_SERVER_ERROR, message: SOMETHING_WENT_WRONG };
}
