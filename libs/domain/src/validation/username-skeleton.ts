import unhomoglyph from 'unhomoglyph';
import { normalizeUsername } from './username.js';

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The confusable skeleton of a username: two names with the same skeleton look alike, and only one account may hold
 * it (users.username_skeleton is unique). After the name's normalisation (NFKC, spaces) and without its invisible code
 * points, it is the UTS #39 skeleton (NFD, each character mapped to its prototype in Unicode's confusables.txt by the
 * `unhomoglyph` package, NFD again), lower-cased and mapped once more, so case never separates two names and upper
 * and lower look-alikes meet (`I` and `l`, `0` and `O`). Not meant to be read: `m` becomes `rn`.
 *
 * Stored skeletons were computed by this function as it was when they were written: a change to it (or to the
 * package's table) needs a new column filled anew, never an edit in place.
 */
export function usernameSkeleton(name: string): string {
  const visible = normalizeUsername(name).replace(DEFAULT_IGNORABLE, '');
  const once = unhomoglyph(visible.normalize('NFD'));
  return unhomoglyph(once.normalize('NFD').toLowerCase()).normalize('NFD').toLowerCase();
}
