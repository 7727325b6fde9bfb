import { hashSeed, isSeedHex, verifyPeriod, type DrawResult } from '@app/domain';

export type DrawCheckKey = 'hashLink' | 'digit' | 'color' | 'bigSmall';

export interface DrawCheck {
  key: DrawCheckKey;
  label: string;
  /** true ✔, false ✘, null when there is nothing to compare with. */
  ok: boolean | null;
  detail: string;
}

export interface DrawVerification {
  periodId: string;
  /** The result recomputed in the browser, or null when the seed is not 64 hex characters. */
  computed: DrawResult | null;
  checks: DrawCheck[];
  /** Every check that could be made passed. */
  ok: boolean;
}

export interface PublishedResult {
  digit: number;
  color?: string;
  bigSmall?: string;
}

export interface VerifyDrawInput {
  periodId: string;
  /** seed[k], revealed after the draw. */
  seed: string;
  /** seed[k−1], published before the period opened. */
  expectedHash: string;
  /** What the platform announced for the period, when known. */
  published?: PublishedResult | null;
  /**
   * The seed revealed by the period drawn just before (when known): the published hash must be exactly it, which
   * ties this period into the committed chain.
   */
  previousSeed?: string | null;
}

/** Periods that were opened but never drawn (refunded) still used up a seed: follow the chain a few steps. */
export const MAX_UNDRAWN_LINKS = 16;

/**
 * How many SHA-256 steps lead from `hash` down to `earlierSeed` (0 when they are equal), or null when the chain
 * does not get there within MAX_UNDRAWN_LINKS steps.
 */
export function chainSteps(hash: string, earlierSeed: string): number | null {
  if (!isSeedHex(hash) || !isSeedHex(earlierSeed)) return null;
  let current = hash.toLowerCase();
  for (let steps = 0; steps <= MAX_UNDRAWN_LINKS; steps += 1) {
    if (current === earlierSeed) return steps;
    current = hashSeed(current);
  }
  return null;
}

const short = (hex: string) => (hex.length > 20 ? `${hex.slice(0, 10)}…${hex.slice(-8)}` : hex);

/** Recomputes one period's draw and checks it: the hash link, the digit, the colour and big/small. */
export function verifyDraw(input: VerifyDrawInput): DrawVerification {
  const seed = input.seed.trim().toLowerCase();
  const expectedHash = input.expectedHash.trim().toLowerCase();
  const periodId = input.periodId.trim();
  const published = input.published ?? undefined;
  const report = verifyPeriod({ periodId, seedHex: seed, expectedHashHex: expectedHash, published });
  const computed = report.computed;

  const checks: DrawCheck[] = [];
  if (!isSeedHex(seed)) {
    checks.push({ key: 'hashLink', label: 'Hash link', ok: false, detail: 'A seed is 64 hex characters.' });
  } else {
    const detail = [`SHA-256(seed) = ${short(hashSeed(seed))}`, `published hash ${short(expectedHash)}`];
    let linked = true;
    if (input.previousSeed) {
      const steps = chainSteps(expectedHash, input.previousSeed.toLowerCase());
      linked = steps !== null;
      detail.push(
        steps === 0
          ? 'equal to the previous period’s seed'
          : steps !== null
            ? `${steps} SHA-256 step${steps === 1 ? '' : 's'} from the previous drawn period’s seed (periods between were not drawn)`
            : 'not linked to the previous period’s seed',
      );
    }
    checks.push({ key: 'hashLink', label: 'Hash link', ok: report.seedMatchesHash && linked, detail: detail.join('; ') });
  }

  const compare = (key: Exclude<DrawCheckKey, 'hashLink'>, label: string, mine: string | undefined, theirs: string | undefined) => {
    if (mine === undefined) {
      checks.push({ key, label, ok: false, detail: 'Cannot be computed without a valid seed.' });
    } else if (theirs === undefined) {
      checks.push({ key, label, ok: null, detail: `computed ${mine}; nothing published to compare` });
    } else {
      checks.push({ key, label, ok: mine === theirs, detail: `computed ${mine}, published ${theirs}` });
    }
  };
  compare('digit', 'Digit', computed ? String(computed.digit) : undefined, published ? String(published.digit) : undefined);
  compare('color', 'Colour', computed?.color, published?.color);
  compare('bigSmall', 'Big/Small', computed?.bigSmall, published?.bigSmall);

  return { periodId, computed, checks, ok: checks.every((check) => check.ok !== false) };
}

/**
 * A refunded period that was opened: it has no result (every stake went back), but it kept its place in the chain
 * and its seed is published after it ended. Only the hash link can be checked: SHA-256(seed) is its committed hash,
 * and that hash follows from the previous revealed seed.
 */
export function verifyRefunded(input: Omit<VerifyDrawInput, 'published'>): DrawVerification {
  const { checks } = verifyDraw(input);
  const hashLink = checks.filter((check) => check.key === 'hashLink');
  return { periodId: input.periodId.trim(), computed: null, checks: hashLink, ok: hashLink.every((check) => check.ok !== false) };
}
