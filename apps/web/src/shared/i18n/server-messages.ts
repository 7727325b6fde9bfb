import { enIN } from '../../locales/en-IN';
import { i18n } from './i18n';

type Tree = { readonly [key: string]: string | Tree };

/** Every English text of the catalogue without placeholders, to its key: the server speaks the domain's English. */
function englishIndex(tree: Tree, prefix = '', index = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') {
      // The first key of a text wins (the same words may sit in two places, with the same translation).
      if (!value.includes('{{') && !index.has(value)) index.set(value, path);
    } else englishIndex(value, path, index);
  }
  return index;
}

let index: Map<string, string> | null = null;

/**
 * A message the server sent (a bet or payment refusal, a form error), in the player's language. The server says the
 * domain's English texts, which are the English catalogue's values: the text is looked up and its key's translation
 * shown. A text the catalogue does not hold (a message with figures in it, a newer server's text) is shown as received.
 */
export function translateServerMessage(message: string): string;
export function translateServerMessage(message: string | null | undefined): string | null | undefined;
export function translateServerMessage(message: string | null | undefined): string | null | undefined {
  if (typeof message !== 'string' || message === '') return message;
  index ??= englishIndex(enIN as unknown as Tree);
  const key = index.get(message.trim());
  return key ? i18n.t(key) : message;
}
