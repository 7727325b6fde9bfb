import fc from 'fast-check';
import { createHmac } from 'node:crypto';

/**
 * Fuzz settings: seeded and bounded for CI; `FUZZ_RUNS` (cases per route and identity, per event) and
 * `FUZZ_SEED` widen or vary a run, e.g. `FUZZ_RUNS=200 FUZZ_SEED=$RANDOM npm run test:int -- --testPathPatterns security/fuzz`.
 */
export const FUZZ = {
  seed: Number(process.env.FUZZ_SEED ?? 20_261_122),
  runs: Number(process.env.FUZZ_RUNS ?? 16),
  /** Longest a single request may take before it counts as a hang. */
  requestTimeoutMs: 10_000,
} as const;

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A JWT with the given header and claims, signed with `secret` (or unsigned for alg none). */
export function forgedToken(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  secret = 'not-the-secret-not-the-secret',
): string {
  const head = `${base64url(header)}.${base64url(claims)}`;
  return header.alg === 'none'
    ? `${head}.`
    : `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** Each property's own seed, derived from the run's seed and its name (so routes do not all draw the same cases). */
export function seedFor(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return (hash ^ FUZZ.seed) | 0;
}

/** Cuts a long text for a failure report. */
export function clip(text: string, max = 600): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} characters)`;
}

/**
 * Runs a property with the fuzz settings; a failure reports the (clipped) counterexample, the first error and how
 * to replay it, instead of fast-check's full dump (a hostile case can be megabytes).
 */
export async function checkProperty<T>(
  name: string,
  property: fc.IAsyncPropertyWithHooks<T> | fc.IAsyncProperty<T>,
): Promise<void> {
  const details = await fc.check(property, { seed: seedFor(name), numRuns: FUZZ.runs, endOnFailure: true });
  if (!details.failed) return;
  const example = clip(fc.stringify(details.counterexample), 1500);
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `${name}: failed after ${details.numRuns} case(s); replay with FUZZ_SEED=${FUZZ.seed} (case seed ${details.seed}, path ${details.counterexamplePath})\ncase: ${example}\n${clip(error, 3000)}`,
  );
}
