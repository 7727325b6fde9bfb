import type { TestApi } from '@app/testing';
import { percentEncode } from './hostile.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  example?: unknown;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  $ref?: string;
}

export interface Operation {
  method: HttpMethod;
  /** As the document writes it: `/api/v1/user/profile/{id}`. */
  path: string;
  /** `GET /api/v1/user/profile/{id}`: the key of the authorization table. */
  key: string;
  pathParams: string[];
  queryParams: Array<{ name: string; schema: JsonSchema }>;
  /** The JSON body's schema with references resolved; undefined when the operation takes no body. */
  body?: JsonSchema;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * Every operation of the OpenAPI document the api serves (`/api/docs-json`), so suites built on it cover routes
 * added later without being edited.
 */
export async function loadOperations(api: TestApi): Promise<Operation[]> {
  const res = await api.request('GET', '/api/docs-json', { apiKey: null });
  if (res.status !== 200) throw new Error(`the OpenAPI document is not served (HTTP ${res.status})`);
  const document = res.body as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: Array<{ name: string; in: string; schema?: JsonSchema }>;
          requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        }
      >
    >;
    components?: { schemas?: Record<string, JsonSchema> };
  };
  const schemas = document.components?.schemas ?? {};
  const resolve = (schema: JsonSchema | undefined, depth = 0): JsonSchema | undefined => {
    if (!schema || depth > 8) return schema;
    if (schema.$ref) return resolve(schemas[schema.$ref.replace('#/components/schemas/', '')], depth + 1);
    const properties = schema.properties
      ? Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, resolve(v, depth + 1) ?? {}]))
      : undefined;
    return {
      ...schema,
      ...(properties ? { properties } : {}),
      ...(schema.items ? { items: resolve(schema.items, depth + 1) } : {}),
    };
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const upper = method.toUpperCase() as HttpMethod;
      const parameters = op.parameters ?? [];
      operations.push({
        method: upper,
        path,
        key: `${upper} ${path}`,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: resolve(op.requestBody?.content?.['application/json']?.schema),
      });
    }
  }
  return operations;
}

/** The path with its parameters filled in (each percent-encoded unless `raw`). */
export function fillPath(path: string, values: Record<string, string>, raw = false): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    raw ? (values[name] ?? '') : percentEncode(values[name] ?? ''),
  );
}
