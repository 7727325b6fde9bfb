/**
 * The rules every value a client sends obeys before any route sees it (HTTP bodies, queries and paths, socket
 * payloads): a bounded shape, no field names that reach into prototypes, and text without control or invisible
 * characters. Field rules (formats, lengths, messages of the spec) stay with each route; these only make sure no
 * payload can crash a parser, smuggle a character a person cannot see, or reach the database as something other
 * than text.
 */
export const INPUT_LIMITS = {
  /** Containers nested in one another (a request body is one level; the spec's payloads never need two). */
  depth: 5,
  /** Values of every kind in one payload. */
  values: 1000,
  /** Characters in one text value (every spec field is far shorter; this bounds what reaches a field rule). */
  textLength: 2000,
  /** Characters in one field name. */
  keyLength: 64,
} as const;

export const INPUT_MESSAGES = {
  notObject: 'Request body must be a JSON object.',
  tooDeep: 'Request body is nested too deeply.',
  tooMany: 'Request body has too many values.',
  textControl: 'Text must not contain control or invisible characters.',
  textTooLong: `Text must be at most ${INPUT_LIMITS.textLength} characters.`,
  keyTooLong: `Field names must be at most ${INPUT_LIMITS.keyLength} characters.`,
  notJson: 'Request body is not valid JSON.',
  notUtf8: 'Request body is not valid UTF-8.',
  contentType: 'Request body must be sent as application/json.',
  encoding: 'Compressed request bodies are not accepted.',
  tooLarge: 'Request body is too large.',
  badUrl: 'The address is not valid.',
  headersTooLarge: 'The address or headers of the request are too long.',
  unreadable: 'The request could not be read.',
  tooSlow: 'The request took too long to arrive.',
  notFound: 'Nothing is found at this address.',
} as const;

/** Field names that address an object's prototype: never merged, never passed on. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Characters no field accepts: C0 controls except tab, line feed and carriage return; DEL and C1 controls;
 * bidirectional overrides, embeddings, isolates and marks; zero-width and other invisible formatting characters;
 * line and paragraph separators; the byte-order mark; interlinear annotation and tag characters; lone UTF-16
 * surrogates (not text at all; Postgres and UTF-8 cannot hold them).
 */
const HIDDEN_OR_CONTROL =
  // eslint-disable-next-line no-control-regex -- finding control characters is the purpose
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u2028-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]|[\uDB40][\uDC00-\uDC7F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasHiddenCharacters(text: string): boolean {
  return HIDDEN_OR_CONTROL.test(text);
}

export interface InputProblem {
  message: string;
  /** Dotted path of the offending field ('' for the payload as a whole). */
  field: string;
  /** 400, or 413 / 415 for problems of the request as a whole. */
  status?: number;
}

/** The first problem of one text value, or null. */
export function textProblem(text: string, field = ''): InputProblem | null {
  if (text.length > INPUT_LIMITS.textLength) return { message: INPUT_MESSAGES.textTooLong, field };
  if (hasHiddenCharacters(text)) return { message: INPUT_MESSAGES.textControl, field };
  return null;
}

/**
 * The first problem of a parsed payload, or null. Walks iteratively with explicit bounds, so no payload can
 * exhaust the stack here (or, once passed, in a library that recurses over it).
 */
export function inspectInput(value: unknown): InputProblem | null {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  let values = 0;
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (++values > INPUT_LIMITS.values) return { message: INPUT_MESSAGES.tooMany, field: '' };
    if (typeof current === 'string') {
      const problem = textProblem(current, path);
      if (problem) return problem;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= INPUT_LIMITS.depth) return { message: INPUT_MESSAGES.tooDeep, field: '' };
    if (Buffer.isBuffer(current) || ArrayBuffer.isView(current) || current instanceof ArrayBuffer) continue;
    if (Array.isArray(current)) {
      if (values + current.length > INPUT_LIMITS.values) return { message: INPUT_MESSAGES.tooMany, field: '' };
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ value: current[i], path: path ? `${path}.${i}` : String(i), depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(current);
    if (values + keys.length > INPUT_LIMITS.values) return { message: INPUT_MESSAGES.tooMany, field: '' };
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const field = path ? `${path}.${key}` : key;
      if (PROTOTYPE_KEYS.has(key)) return { message: `Unknown field: ${key}`, field };
      if (key.length > INPUT_LIMITS.keyLength) return { message: INPUT_MESSAGES.keyTooLong, field: '' };
      if (hasHiddenCharacters(key)) return { message: INPUT_MESSAGES.textControl, field: '' };
      stack.push({ value: (current as Record<string, unknown>)[key], path: field, depth: depth + 1 });
    }
  }
  return null;
}
