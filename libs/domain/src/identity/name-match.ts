/**
 * Whether a payout account's holder name is the verified name (a withdrawal to someone else's account is not
 * refused, it is flagged to the reviewer). Banks write names their own way, so both are normalised first: case,
 * accents, dots, commas, hyphens and apostrophes, repeated spaces and honorifics (Mr, Mrs, Ms, Miss, Dr, Shri, Sri,
 * Smt, Kumari) do not count. Then the words are compared in any order, an initial standing for a word that starts
 * with it ("R. Kumar" is "Ravi Kumar", "Kumar Ravi" too), or the names written without spaces are equal ("RAVIKUMAR"
 * is "Ravi Kumar"). At least one whole word must be on both sides, and every word of each side must be
 * paired: a missing or extra word ("Ravi Sharma" for "Ravi Kumar Sharma") is a mismatch for the reviewer to judge.
 */

const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'shri', 'sri', 'smt', 'kumari', 'km']);

/** The words of a name: lower case, without accents, punctuation or honorifics. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[.,'’`\-_/]+/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !HONORIFICS.has(word));
}

function pairs(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length === 1) return b.startsWith(a);
  if (b.length === 1) return a.startsWith(b);
  return false;
}

/** Pairs every word of `left` with a distinct word of `right` (backtracking; names have a handful of words). */
function pairAll(
  left: readonly string[],
  right: readonly string[],
  used: boolean[],
  index: number,
  wholePairs: number,
): boolean {
  if (index === left.length) return wholePairs > 0;
  const word = left[index]!;
  for (let j = 0; j < right.length; j++) {
    if (used[j] || !pairs(word, right[j]!)) continue;
    used[j] = true;
    const whole = word.length > 1 && right[j]!.length > 1 ? 1 : 0;
    if (pairAll(left, right, used, index + 1, wholePairs + whole)) return true;
    used[j] = false;
  }
  return false;
}

/** Whether two names are the same person's name as a bank may write it (see above). */
export function namesMatch(a: string, b: string): boolean {
  const left = nameWords(a);
  const right = nameWords(b);
  if (left.length === 0 || right.length === 0) return false;
  if (left.join('') === right.join('')) return true;
  if (left.length !== right.length || left.length > 8) return false;
  return pairAll(left, right, new Array<boolean>(right.length).fill(false), 0, 0);
}
