/** A scripted stand-in for `fetch`: routes answer by "METHOD /path" and every call is recorded. */
export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  credentials?: RequestCredentials;
  body: unknown;
}

export type FakeAnswer = Response | Promise<Response> | (() => Response | Promise<Response>);
export type FakeRoute = (call: RecordedCall, nth: number) => FakeAnswer;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const ok = (data: unknown, message?: string) => json(200, { success: true, message, data });
export const fail = (status: number, message?: string) =>
  json(
    status,
    message === undefined ? { success: false, statusCode: status } : { success: false, statusCode: status, message },
  );

/** A promise that never settles: a call that is still in flight. */
export const pending = () => new Promise<Response>(() => undefined);

export function createFakeFetch(routes: Record<string, FakeRoute>, basePath = '/api/v1') {
  const calls: RecordedCall[] = [];
  const counts = new Map<string, number>();

  const fetchImpl = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.startsWith(basePath) ? url.slice(basePath.length) : url;
    const method = (init.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      method,
      path,
      headers: { ...(init.headers as Record<string, string>) },
      credentials: init.credentials,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    calls.push(call);
    const key = `${method} ${path}`;
    const nth = counts.get(key) ?? 0;
    counts.set(key, nth + 1);
    const route = routes[key];
    if (!route) return fail(404, `No fake route for ${key}`);
    const answer = route(call, nth);
    return typeof answer === 'function' ? answer() : answer;
  };

  return {
    fetch: fetchImpl as typeof fetch,
    calls,
    callsTo: (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key),
  };
}

/** An in-memory token store, so tests never share session storage by accident. */
export function memoryTokens(initial: string | null = null) {
  let token = initial;
  return {
    get: () => token,
    set: (value: string) => {
      token = value;
    },
    clear: () => {
      token = null;
    },
  };
}
