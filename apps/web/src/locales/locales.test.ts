import { enIN } from './en-IN';
import { hiIN } from './hi-IN';

type Tree = { readonly [key: string]: string | Tree };

/** Every leaf of a catalogue: 'game.texts.confirmBet' → its text. */
function leaves(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else leaves(value, path, out);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

const en = leaves(enIN as unknown as Tree);
const hi = leaves(hiIN as unknown as Tree);

describe('the message catalogues', () => {
  test('every English key has its Hindi text', () => {
    const missing = [...en.keys()].filter((key) => !hi.has(key));
    expect(missing).toEqual([]);
  });

  test('Hindi has no key that English does not (a stale or misspelt key)', () => {
    const extra = [...hi.keys()].filter((key) => !en.has(key));
    expect(extra).toEqual([]);
  });

  test('each Hindi text uses exactly the placeholders of its English one', () => {
    const mismatched = [...en.entries()]
      .filter(([key, text]) => hi.has(key) && placeholders(text).join() !== placeholders(hi.get(key)!).join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  test('no text is empty, and Hindi is written in Hindi (not the English left in place)', () => {
    expect([...en.entries()].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
    expect([...hi.entries()].filter(([, text]) => text.trim() === '').map(([key]) => key)).toEqual([]);
    // Texts that are the same in both on purpose: marks, product and game names; codes players know as they are
    // (UTR, UPI ID: no lowercase word) are not checked.
    const SAME_ON_PURPOSE =
      /^(language\.(en|hi)|common\.none|game\.names\.color|withdraw\.upiIdExample|auth\.emailPlaceholder)$/;
    const untranslated = [...en.entries()]
      .filter(
        ([key, text]) =>
          !SAME_ON_PURPOSE.test(key) && /[a-z]{3}/.test(text.replace(/\{\{[^}]*\}\}/g, '')) && hi.get(key) === text,
      )
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });
});
