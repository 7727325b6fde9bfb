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

/** A catalogue text with placeholders, as a pattern over the whole message. */
interface FigurePattern {
  key: string;
  pattern: RegExp;
  names: string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The texts of the catalogue's `serverFigures`: the server's answers that carry a figure, an address or an amount. */
function figurePatterns(tree: Tree): FigurePattern[] {
  const patterns: FigurePattern[] = [];
  for (const [key, text] of Object.entries(tree)) {
    if (typeof text !== 'string') continue;
    const names: string[] = [];
    const source = text
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return escape(part);
        names.push(name);
        return name === 'count' ? '(\\d+)' : '(.+?)';
      })
      .join('');
    patterns.push({ key: `serverFigures.${key}`, pattern: new RegExp(`^${source}$`), names });
  }
  return patterns;
}

let figures: FigurePattern[] | null = null;

function translateFigures(message: string): string | null {
  figures ??= figurePatterns(enIN.serverFigures as unknown as Tree);
  for (const { key, pattern, names } of figures) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values: Record<string, string | number> = {};
    names.forEach((name, i) => (values[name] = name === 'count' ? Number(match[i + 1]) : match[i + 1]!));
    // A plural's own key (`_one`, `_other`) is chosen again by the player's language from the count.
    return i18n.t(key.replace(PLURAL_SUFFIX, ''), { ...values, interpolation: { escapeValue: false } });
  }
  return null;
}

/**
 * A message the server sent (a bet or payment refusal, a form error), in the player's language. The server says the
 * domain's English texts, which are the English catalogue's values: the text is looked up and its key's translation
 * shown. A text with figures in it (an amount, a count, an address) is matched against the catalogue's `serverFigures`
 * and said again with the same values. A text the catalogue does not hold (a newer server's text) is shown as received.
 */
export function translateServerMessage(message: string): string;
export function translateServerMessage(message: string | null | undefined): string | null | undefined;
export function translateServerMessage(message: string | null | undefined): string | null | undefined {
  if (typeof message !== 'string' || message === '') return message;
  index ??= englishIndex(enIN as unknown as Tree);
  const text = message.trim();
  const key = index.get(text);
  if (key) return i18n.t(key);
  return translateFigures(text) ?? message;
}
