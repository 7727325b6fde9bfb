import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy source that allows index.html's one inline script, the boot script that asks for the
 * server's rules and the session's restoration before the app's scripts arrive (apps/web/index.html): its sha-256.
 * No other inline script runs. deploy/nginx/default.conf carries the same value; boot-script.spec.ts recomputes it
 * from the page and fails when either differs.
 */
export const BOOT_SCRIPT_CSP_SOURCE = "'sha256-nJ0Pdj9+sT2TP6AxKogYFv+Udao/kKD0BwSxlxOGb9s='";

/** The CSP sources (`'sha256-…'`) of every inline script of an HTML page, in order. */
export function inlineScriptSources(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
}
