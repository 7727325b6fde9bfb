import { startTestApi, type TestApi } from '@app/testing';

interface Schema {
  type?: string;
  enum?: unknown[];
  $ref?: string;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
}
interface OperationDoc {
  summary?: string;
  parameters?: Array<{ name: string; in: string; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

/** What a route's documentation lacks: a summary, a type for a parameter or body field, a 2xx JSON response schema. */
function gaps(operation: OperationDoc, schemas: Record<string, Schema>): string[] {
  const resolve = (schema: Schema | undefined): Schema | undefined =>
    schema?.$ref ? resolve(schemas[schema.$ref.replace('#/components/schemas/', '')]) : schema;
  const typed = (schema: Schema | undefined): boolean => {
    const s = resolve(schema);
    return (
      !!s &&
      (s.type !== undefined || s.enum !== undefined || !!s.allOf?.length || !!s.oneOf?.length || !!s.anyOf?.length)
    );
  };
  // A request field says what it takes: an object only with its fields, or a reference to a schema that has them (a
  // nullable object is `allOf` its schema); a bare "object" is an untyped field.
  const typedField = (schema: Schema | undefined): boolean => {
    const s = resolve(schema);
    return (
      typed(s) &&
      (s!.type !== 'object' ||
        !!s!.properties ||
        !!s!.additionalProperties ||
        !!s!.allOf?.every((part) => typedField(part)))
    );
  };
  const missing: string[] = [];
  if (!operation.summary?.trim()) missing.push('summary');
  for (const parameter of operation.parameters ?? [])
    if (!typedField(parameter.schema)) missing.push(`type of ${parameter.in} ${parameter.name}`);
  const body = resolve(operation.requestBody?.content?.['application/json']?.schema);
  if (operation.requestBody) {
    if (!body?.properties) missing.push('request fields');
    for (const [name, field] of Object.entries(body?.properties ?? {}))
      if (!typedField(field)) missing.push(`type of body ${name}`);
  }
  // A response says what it carries: its fields, and for the envelope the fields of its data, each typed.
  const typedResponse = (schema: Schema | undefined): boolean => {
    const s = resolve(schema);
    if (!typedField(s)) return false;
    const data = resolve(s!.properties?.data);
    if (!s!.properties?.data) return true;
    return typedField(data) && Object.values(data!.properties ?? {}).every(typedField);
  };
  const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
  if (!success.some(([, response]) => typedResponse(response.content?.['application/json']?.schema)))
    missing.push('response schema');
  return missing;
}

describe('the API documents itself', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('every route in /api/docs has a summary, typed request fields and a response schema', async () => {
    const res = await api.request('GET', '/api/docs-json', { apiKey: null });
    expect(res.status).toBe(200);
    const document = res.body as {
      paths: Record<string, Record<string, OperationDoc>>;
      components?: { schemas?: Record<string, Schema> };
    };
    const found: Record<string, string[]> = {};
    let routes = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        routes += 1;
        const missing = gaps(operation, document.components?.schemas ?? {});
        if (missing.length > 0) found[`${method.toUpperCase()} ${path}`] = missing;
      }
    }
    expect(routes).toBeGreaterThan(20);
    // Every route complete: a new route without a summary, typed request fields or a response schema fails here.
    expect(found).toEqual({});
  });

  it('names what a route lacks', () => {
    const schemas: Record<string, Schema> = { Typed: { type: 'object', properties: { name: { type: 'string' } } } };
    const json = (schema: Schema) => ({ content: { 'application/json': { schema } } });
    expect(gaps({}, schemas)).toEqual(['summary', 'response schema']);
    expect(gaps({ summary: ' ', responses: { '200': {} } }, schemas)).toEqual(['summary', 'response schema']);
    expect(gaps({ summary: 'x', responses: { '400': json({ type: 'object' }) } }, schemas)).toEqual([
      'response schema',
    ]);
    expect(
      gaps(
        {
          summary: 'x',
          parameters: [{ name: 'id', in: 'path', schema: {} }],
          requestBody: json({ type: 'object', properties: { note: {}, metadata: { type: 'object' } } }),
          responses: { '200': json({ $ref: '#/components/schemas/Missing' }) },
        },
        schemas,
      ),
    ).toEqual(['type of path id', 'type of body note', 'type of body metadata', 'response schema']);
    expect(
      gaps(
        {
          summary: 'x',
          requestBody: json({ type: 'string' }),
          responses: { '201': json({ $ref: '#/components/schemas/Typed' }) },
        },
        schemas,
      ),
    ).toEqual(['request fields']);
    // A bare object, or an envelope whose data (or one of its fields) is a bare object, documents nothing.
    expect(gaps({ summary: 'x', responses: { '200': json({ type: 'object' }) } }, schemas)).toEqual([
      'response schema',
    ]);
    expect(
      gaps(
        {
          summary: 'x',
          responses: {
            '200': json({ type: 'object', properties: { success: { type: 'boolean' }, data: { type: 'object' } } }),
          },
        },
        schemas,
      ),
    ).toEqual(['response schema']);
    expect(
      gaps(
        {
          summary: 'x',
          responses: {
            '200': json({
              type: 'object',
              properties: { data: { type: 'object', properties: { user: { type: 'object' } } } },
            }),
          },
        },
        schemas,
      ),
    ).toEqual(['response schema']);
    expect(
      gaps(
        {
          summary: 'x',
          responses: { '200': json({ type: 'object', properties: { data: { $ref: '#/components/schemas/Typed' } } }) },
        },
        schemas,
      ),
    ).toEqual([]);
    expect(
      gaps(
        {
          summary: 'x',
          parameters: [{ name: 'id', in: 'path', schema: { type: 'string' } }],
          requestBody: json({ $ref: '#/components/schemas/Typed' }),
          responses: { '200': json({ $ref: '#/components/schemas/Typed' }) },
        },
        schemas,
      ),
    ).toEqual([]);
  });
});
