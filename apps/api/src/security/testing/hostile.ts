import fc from 'fast-check';
import type { JsonSchema } from './openapi.js';

/** Text an attacker tries first: controls, invisible and bidi characters, injections, encodings, numbers as text. */
export const HOSTILE_TEXTS = [
  '',
  ' ',
  '\u0000',
  'ravi\u0000kumar',
  '\u202Egnp.exe',
  'pay\u2066ee\u2069',
  'zero\u200Bwidth',
  '\u200D',
  '\uFEFFbom',
  'half \uD800 pair',
  '\uDC00',
  '\u001B[31mred',
  'line\r\nX-Injected: 1',
  '\u0085\u2028\u2029',
  '%00',
  '%FF%FE',
  '../../../../etc/passwd',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '1e308',
  '0x1F',
  '00000000-0000-0000-0000-000000000000',
  '9'.repeat(400),
  'null',
  'true',
  '[]',
  '{}',
  'admin@gmail.com',
  'A.D.M.I.N+x@gmail.com',
  'İstanbul ß ﬁ',
  '😀'.repeat(300),
  'ﷺ'.repeat(200),
  'x'.repeat(10_000),
  'भुगतान'.repeat(400),
];

/** Numbers at the edges: signs, zero, fractions past two decimals, beyond 2^53, huge. */
export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.001,
  0.005,
  1e-7,
  10.005,
  99.999,
  123.456,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER,
  500.5,
  10_000.01,
  25_001,
];

/** Fields names that reach into prototypes, or that no DTO has. */
export const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'role',
  'balance',
  'isAdmin',
  'id',
  '$where',
  'k'.repeat(200),
  'a\u0000b',
  '\u202Erole',
];

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.string({ unit: 'grapheme-ascii', maxLength: 12 }),
        fc.constantFrom('\u0000', '\u0007', '\u202E', '\u200B', '\uFEFF', '\u2066', '\uD800', '\u007F', '\u009B'),
        fc.string({ unit: 'grapheme-ascii', maxLength: 12 }),
      )
      .map(([a, c, b]) => a + c + b),
  },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 12_000 }).map((n) => 'x'.repeat(n)) },
);

/** Deep nesting as JSON text (arrays or objects), up to `maxDepth` levels. */
export function deepJsonUpTo(maxDepth: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.integer({ min: 6, max: maxDepth }), fc.boolean())
    .map(([depth, arrays]) =>
      arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
    );
}

/** Deep nesting beyond any library's comfortable recursion (request bodies). */
export const deepJson = deepJsonUpTo(6_000);

/**
 * A JSON value (as text) of the wrong kind, shape or size for any field; `maxDepth` bounds its nesting (a client
 * library that re-encodes the value recurses over it).
 */
export function hostileValuesJson(maxDepth = 6_000): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: hostileText.map((s) => JSON.stringify(s)) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS).map((n) => JSON.stringify(n)) },
    { weight: 1, arbitrary: fc.double().map((n) => (Number.isFinite(n) ? JSON.stringify(n) : '1e999')) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        'true',
        'false',
        'null',
        '[]',
        '{}',
        '[null]',
        '{"toString":1}',
        '{"valueOf":"x"}',
        '["PHONEPE"]',
        '[1,2,3]',
      ),
    },
    { weight: 1, arbitrary: deepJsonUpTo(maxDepth) },
    { weight: 1, arbitrary: fc.integer({ min: 500, max: 4_000 }).map((n) => `[${new Array(n).fill('0').join(',')}]`) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null') },
  );
}

export const hostileValueJson = hostileValuesJson();

/** A plausible value for one documented field, drawn from its enum, its example, its type and the fixture's ids. */
function plausibleJson(schema: JsonSchema, known: readonly string[]): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [];
  if (schema.enum?.length) options.push(fc.constantFrom(...schema.enum).map((v) => JSON.stringify(v)));
  if (schema.example !== undefined) options.push(fc.constant(JSON.stringify(schema.example)));
  if (schema.type === 'boolean') options.push(fc.boolean().map(String));
  if (schema.type === 'number' || schema.type === 'integer')
    options.push(fc.integer({ min: -10, max: 30_000 }).map(String));
  if (schema.type === 'string' || schema.type === 'object' || schema.type === undefined) {
    options.push(fc.string({ unit: 'grapheme-ascii', maxLength: 24 }).map((s) => JSON.stringify(s)));
    if (known.length) options.push(fc.constantFrom(...known).map((s) => JSON.stringify(s)));
  }
  return options.length ? fc.oneof(...options) : fc.constant('"x"');
}

/**
 * Percent-encodes any string, including lone surrogates (which encodeURIComponent refuses): those become the
 * bytes a careless encoder would write for them, which are not valid UTF-8.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (const ch of text) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      const unit = ch.charCodeAt(0);
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 63), 0x80 | (unit & 63)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
  }
  return out;
}

const objectText = (entries: Array<[string, string]>) =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;

/**
 * A request body for an operation, as JSON text (so keys like `__proto__` are sent as written): the documented
 * fields with plausible or hostile values, extra hostile fields, or a body of the wrong shape altogether.
 */
export function hostileBody(schema: JsonSchema | undefined, known: readonly string[]): fc.Arbitrary<string> {
  const properties = Object.entries(schema?.properties ?? {});
  const field = (prop: JsonSchema) =>
    fc.oneof({ weight: 3, arbitrary: plausibleJson(prop, known) }, { weight: 2, arbitrary: hostileValueJson });
  const documented = fc
    .tuple(
      ...properties.map(([name, prop]) =>
        fc.option(field(prop), { freq: 4 }).map((v) => (v === null ? null : ([name, v] as [string, string]))),
      ),
    )
    .map((pairs) => pairs.filter((p): p is [string, string] => p !== null));
  const extras = fc.array(fc.tuple(fc.constantFrom(...HOSTILE_KEYS), hostileValueJson), { maxLength: 2 });
  const wrongShape = fc.oneof(
    fc.constantFrom(
      '[]',
      'null',
      '"body"',
      '123',
      'true',
      '{',
      '{"a":1,,}',
      "{'a':1}",
      '{"a":1}{"b":2}',
      '\uFEFF{}',
      '',
    ),
    deepJson,
    fc.integer({ min: 1_000, max: 5_000 }).map((n) => `{"a":[${new Array(n).fill('1').join(',')}]}`),
  );
  if (properties.length === 0) return fc.oneof(fc.constant('{}'), extras.map(objectText), wrongShape);
  return fc.oneof(
    { weight: 5, arbitrary: documented.map(objectText) },
    { weight: 2, arbitrary: fc.tuple(documented, extras).map(([a, b]) => objectText([...a, ...b])) },
    { weight: 2, arbitrary: wrongShape },
  );
}

/** A path parameter: a real id or period of the fixture, hostile text, or broken percent-encoding (sent raw). */
export function hostilePathParam(known: readonly string[]): fc.Arbitrary<{ value: string; raw: boolean }> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: (known.length ? fc.constantFrom(...known) : fc.constant('x')).map((value) => ({ value, raw: false })),
    },
    { weight: 4, arbitrary: hostileText.map((value) => ({ value, raw: false })) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          '%',
          '%Z',
          '%ZZ',
          '%FF',
          '%C0%AF',
          '%E0%A4%A',
          '%00',
          '%2e%2e%2f%2e%2e',
          '%252e',
          '..',
          '.',
          '%u0041',
          '%F0%9F%98',
        )
        .map((value) => ({ value, raw: true })),
    },
  );
}

/** A query string for the documented parameters: plausible, hostile, repeated, unknown or broken. */
export function hostileQuery(
  params: Array<{ name: string; schema: JsonSchema }>,
  known: readonly string[],
): fc.Arbitrary<string> {
  const valueOf = (schema: JsonSchema) =>
    fc.oneof(
      { weight: 2, arbitrary: plausibleJson(schema, known).map((json) => percentEncode(String(JSON.parse(json)))) },
      { weight: 3, arbitrary: hostileText.map((s) => percentEncode(s)) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '%',
          '%FF',
          '%E2%80',
          '%00',
          '2026-11-21%00',
          '2026-02-30',
          '9999-12-31',
          '0000-01-01',
          '2026-1-1',
        ),
      },
    );
  const pairs = [...params, { name: '__proto__', schema: {} }, { name: 'extra', schema: {} }].map(({ name, schema }) =>
    fc.option(
      fc
        .array(valueOf(schema), { minLength: 1, maxLength: 3 })
        .map((values) => values.map((v) => `${encodeURIComponent(name)}=${v}`).join('&')),
      { freq: 2 },
    ),
  );
  return fc.tuple(...pairs).map((parts) => {
    const query = parts.filter((p): p is string => p !== null).join('&');
    return query ? `?${query}` : '';
  });
}

/** How the body travels: mostly as JSON; sometimes under another type, charset or encoding, or mangled bytes. */
export interface Transport {
  contentType: string | null;
  contentEncoding?: string;
  /** Replace a byte of the body with an invalid UTF-8 sequence. */
  invalidUtf8: boolean;
  /** Bytes of padding that push the body past the size limit. */
  padding: number;
}

export const transport: fc.Arbitrary<Transport> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.constant<Transport>({ contentType: 'application/json', invalidUtf8: false, padding: 0 }),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom<string | null>(
        null,
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
        'application/xml',
        'application/json-patch+json',
        '*/*',
      )
      .map((contentType) => ({ contentType, invalidUtf8: false, padding: 0 })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('gzip', 'deflate', 'br', 'identity, gzip', 'x-unknown')
      .map((contentEncoding) => ({ contentType: 'application/json', contentEncoding, invalidUtf8: false, padding: 0 })),
  },
  { weight: 1, arbitrary: fc.constant<Transport>({ contentType: 'application/json', invalidUtf8: true, padding: 0 }) },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 17_000, max: 60_000 })
      .map((padding) => ({ contentType: 'application/json', invalidUtf8: false, padding })),
  },
);

/** The bytes of a body as the transport sends them. */
export function encodeBody(body: string, how: Transport): Uint8Array {
  let bytes: Buffer = Buffer.from(
    how.padding > 0 ? `{"pad":"${'x'.repeat(how.padding)}","body":${body || 'null'}}` : body,
    'utf8',
  );
  if (how.invalidUtf8) {
    const at = Math.max(0, bytes.indexOf(0x22, 1) + 1 || bytes.length);
    bytes = Buffer.concat([
      bytes.subarray(0, at),
      Buffer.from([0xc3, 0x28, 0xff, 0xed, 0xa0, 0x80]),
      bytes.subarray(at),
    ]);
  }
  return bytes;
}
