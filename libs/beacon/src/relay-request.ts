/** What one GET of a relay came to. */
export type RelayAnswer =
  | { readonly ok: true; readonly body: unknown }
  | { readonly ok: false; readonly status?: number; readonly reason: string; readonly cancelled?: true };

/** The largest body read from a relay (a round or chain info is well under 1 KiB). */
const MAX_BODY_CHARS = 64 * 1024;

/**
 * GETs `url` and parses its JSON body, giving up after `timeoutMs` (headers and body together) or as soon as
 * `cancel` aborts; never throws. The time-out holds even if `fetchFn` ignores its abort signal.
 */
export async function getJson(
  fetchFn: typeof fetch,
  url: string,
  timeoutMs: number,
  cancel: AbortSignal,
): Promise<RelayAnswer> {
  if (cancel.aborted) return { ok: false, reason: 'cancelled', cancelled: true };
  const controller = new AbortController();
  let settle: (answer: RelayAnswer) => void = () => undefined;
  const stop = new Promise<RelayAnswer>((resolve) => (settle = resolve));
  const onCancel = (): void => {
    controller.abort();
    settle({ ok: false, reason: 'cancelled', cancelled: true });
  };
  cancel.addEventListener('abort', onCancel, { once: true });
  const timer = setTimeout(() => {
    controller.abort();
    settle({ ok: false, reason: `timed out after ${timeoutMs} ms` });
  }, timeoutMs);
  const attempt = (async (): Promise<RelayAnswer> => {
    try {
      const response = await fetchFn(url, { signal: controller.signal, headers: { accept: 'application/json' } });
      if (!response.ok) {
        void response.body?.cancel().catch(() => undefined);
        return { ok: false, status: response.status, reason: `HTTP ${response.status}` };
      }
      const text = await response.text();
      if (text.length > MAX_BODY_CHARS) return { ok: false, reason: 'body too large' };
      try {
        return { ok: true, body: JSON.parse(text) as unknown };
      } catch {
        return { ok: true, body: text };
      }
    } catch (error) {
      return { ok: false, reason: error instanceof Error ? error.message : String(error) };
    }
  })();
  try {
    return await Promise.race([attempt, stop]);
  } finally {
    clearTimeout(timer);
    cancel.removeEventListener('abort', onCancel);
  }
}
