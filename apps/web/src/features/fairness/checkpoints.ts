import { isSeedHex } from '@app/domain';

/**
 * Seeds this browser has already walked back to a published commitment: `seed` is seed[index] of chain `chainId`
 * whose commitment is `commitment`. The next verification of a later period of that chain walks only down to the
 * nearest one at or below its index instead of all the way to the commitment. A checkpoint counts only for the same
 * chain id AND the same commitment: if the published commitment ever differed, the cache would simply not apply.
 */
export interface VerifiedCheckpoint {
  chainId: number;
  commitment: string;
  index: number;
  seed: string;
}

export interface CheckpointStore {
  /** The verified checkpoint of that chain and commitment with the highest index at or below `index`, if any. */
  nearest(chainId: number, commitment: string, index: number): VerifiedCheckpoint | null;
  /** Records checkpoints the page has just verified (a handful per chain are kept). */
  add(checkpoints: readonly VerifiedCheckpoint[]): void;
}

/** How many checkpoints are kept per chain. */
export const CHECKPOINTS_PER_CHAIN = 8;

/** Where the browser keeps them. */
export const CHECKPOINTS_STORAGE_KEY = 'winround.fairness.checkpoints';

function isCheckpoint(value: unknown): value is VerifiedCheckpoint {
  if (typeof value !== 'object' || value === null) return false;
  const { chainId, commitment, index, seed } = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(chainId) &&
    Number.isSafeInteger(index) &&
    (index as number) >= 0 &&
    isSeedHex(commitment) &&
    isSeedHex(seed)
  );
}

/**
 * The checkpoints of one chain after adding `added`, at most `limit`: while there are too many, the one closest
 * above its lower neighbour (or above the commitment, for the lowest) is dropped, so the kept ones stay spread out
 * and the highest (the latest verified period) is always kept. Ties drop the lower one.
 */
export function thinCheckpoints(
  checkpoints: readonly VerifiedCheckpoint[],
  limit = CHECKPOINTS_PER_CHAIN,
): VerifiedCheckpoint[] {
  const byIndex = new Map<number, VerifiedCheckpoint>();
  for (const checkpoint of checkpoints) byIndex.set(checkpoint.index, checkpoint);
  const kept = [...byIndex.values()].sort((a, b) => a.index - b.index);
  while (kept.length > limit) {
    let drop = 0;
    let smallest = Infinity;
    for (let i = 0; i < kept.length - 1; i++) {
      const gap = kept[i]!.index - (i === 0 ? 0 : kept[i - 1]!.index);
      if (gap < smallest) {
        smallest = gap;
        drop = i;
      }
    }
    kept.splice(drop, 1);
  }
  return kept;
}

function nearestIn(
  all: readonly VerifiedCheckpoint[],
  chainId: number,
  commitment: string,
  index: number,
): VerifiedCheckpoint | null {
  let best: VerifiedCheckpoint | null = null;
  for (const c of all) {
    if (c.chainId !== chainId || c.commitment !== commitment || c.index > index) continue;
    if (!best || c.index > best.index) best = c;
  }
  return best;
}

function merge(all: readonly VerifiedCheckpoint[], added: readonly VerifiedCheckpoint[]): VerifiedCheckpoint[] {
  const valid = added
    .filter(isCheckpoint)
    .map((c) => ({ ...c, commitment: c.commitment.toLowerCase(), seed: c.seed.toLowerCase() }));
  const chains = new Set(valid.map((c) => `${c.chainId}:${c.commitment}`));
  const untouched = all.filter((c) => !chains.has(`${c.chainId}:${c.commitment}`));
  const updated = [...chains].flatMap((key) =>
    thinCheckpoints([...all, ...valid].filter((c) => `${c.chainId}:${c.commitment}` === key)),
  );
  return [...untouched, ...updated];
}

/** Checkpoints held in memory only (tests; a browser without storage). */
export function memoryCheckpointStore(
  initial: readonly VerifiedCheckpoint[] = [],
): CheckpointStore & { all(): VerifiedCheckpoint[] } {
  let all = merge([], initial);
  return {
    nearest: (chainId, commitment, index) => nearestIn(all, chainId, commitment, index),
    add: (added) => {
      all = merge(all, added);
    },
    all: () => [...all],
  };
}

/** Checkpoints kept in the browser's localStorage; anything unreadable there is ignored. */
export function localCheckpointStore(
  storage: Storage | null = typeof localStorage === 'undefined' ? null : localStorage,
  key = CHECKPOINTS_STORAGE_KEY,
): CheckpointStore {
  const read = (): VerifiedCheckpoint[] => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isCheckpoint) : [];
    } catch {
      return [];
    }
  };
  return {
    nearest: (chainId, commitment, index) => nearestIn(read(), chainId, commitment, index),
    add: (added) => {
      try {
        storage?.setItem(key, JSON.stringify(merge(read(), added)));
      } catch {
        // Storage full or refused: the next verification walks further, nothing else changes.
      }
    },
  };
}
