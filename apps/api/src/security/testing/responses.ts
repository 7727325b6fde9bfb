import type { TestApi, TestResponse } from '@app/testing';

/**
 * Text that only an internal error carries: stack frames, source paths, library and driver error names, SQL and
 * Postgres wording, network error codes. None of it may ever reach a client.
 */
export const INTERNAL_DETAIL =
  /(\bat [\w$.<>]+ \(|\bat (async )?[\w$./<>-]+:\d+:\d+|node_modules|[\w/-]+\.(?:ts|js|mjs|cjs):\d+|\b(?:TypeError|RangeError|ReferenceError|SyntaxError|URIError|AggregateError|DatabaseError|QueryFailedError)\b|\bstack\b.*\bat\b|Maximum call stack|Cannot read propert|is not a function|undefined is not|unexpected token|duplicate key|violates .* constraint|relation "|column "|invalid input syntax|invalid byte sequence|ECONN\w+|EPIPE|ETIMEDOUT|ReplyError|ERR \w+|kysely|ioredis|class-transformer|class-validator|incorrect header check|Failed to decode param)/i;

/** Problems with one response as a client sees it, or an empty list. */
export function responseProblems(res: TestResponse): string[] {
  const problems: string[] = [];
  const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body ?? '');
  if (res.status >= 500) problems.push(`status ${res.status}`);
  if (INTERNAL_DETAIL.test(text)) problems.push(`internal detail in the body: ${text.slice(0, 300)}`);
  if (res.status >= 400) {
    const body = res.body as { success?: unknown; statusCode?: unknown; message?: unknown } | undefined;
    if (!body || typeof body !== 'object') problems.push(`error body is not the JSON envelope: ${text.slice(0, 200)}`);
    else {
      if (body.success !== false) problems.push('error envelope without success: false');
      if (body.statusCode !== res.status)
        problems.push(`envelope statusCode ${String(body.statusCode)} ≠ HTTP ${res.status}`);
      if (typeof body.message !== 'string' || body.message.length === 0 || body.message.length > 300)
        problems.push(`unclear message: ${JSON.stringify(body.message)?.slice(0, 200)}`);
    }
  }
  return problems;
}

export interface RawRequest {
  method: string;
  /** Path and query exactly as sent (not re-encoded). */
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

/** One HTTP request with a body of any bytes and any headers (api.request always sends JSON). */
export async function rawRequest(api: TestApi, request: RawRequest): Promise<TestResponse> {
  const response = await fetch(`${api.url}${request.path}`, {
    method: request.method,
    headers: request.headers,
    body:
      request.body === undefined
        ? undefined
        : typeof request.body === 'string'
          ? request.body
          : Buffer.from(request.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: response.status, body, headers: response.headers };
}
