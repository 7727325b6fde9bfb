/**
 * The identity document a player names before money moves (KYC): its type is the operator's configuration
 * (`KYC_DOCUMENT`, with `KYC_DOCUMENT_NAME` and `KYC_DOCUMENT_PATTERN` for a type of their own). India's default is
 * the PAN (Permanent Account Number: five letters, four digits, a letter, e.g. ABCDE1234F). A number is taken
 * upper-cased without spaces or dashes, must match the whole pattern, and is shown masked everywhere (PAN:
 * XXXXX1234F, the digits and the check letter; another type: its last 4 characters).
 */
export interface IdentityDocument {
  /** A short code, e.g. PAN. */
  readonly type: string;
  /** What players are asked for, e.g. "PAN". */
  readonly name: string;
  /** The whole number's pattern (matched against the normalised number, anchored at both ends). */
  readonly pattern: string;
  /** A made-up example number shown in the form. */
  readonly example: string;
  /** How many trailing characters stay visible when masked. */
  readonly visible: number;
}

export const PAN_DOCUMENT: IdentityDocument = {
  type: 'PAN',
  name: 'PAN',
  pattern: '[A-Z]{5}[0-9]{4}[A-Z]',
  example: 'ABCDE1234F',
  visible: 5,
};

/** The document types the product knows by their code alone. */
export const KNOWN_IDENTITY_DOCUMENTS: Readonly<Record<string, IdentityDocument>> = { PAN: PAN_DOCUMENT };

/** Longest document number taken (normalised). */
export const DOCUMENT_NUMBER_MAX = 32;

/**
 * The document of a configuration: a known code alone (PAN), or a code with its name and pattern. Throws a
 * RangeError naming what is wrong (the configuration refuses to start with it).
 */
export function identityDocument(
  type: string,
  options: { readonly name?: string; readonly pattern?: string } = {},
): IdentityDocument {
  const code = type.trim().toUpperCase();
  if (!/^[A-Z][A-Z0-9_-]{1,15}$/.test(code))
    throw new RangeError('must be a short code of letters, digits, _ or - (e.g. PAN)');
  const known = KNOWN_IDENTITY_DOCUMENTS[code];
  if (known && !options.pattern) return options.name ? { ...known, name: options.name } : known;
  if (!options.pattern)
    throw new RangeError(
      `is not a known document type (${Object.keys(KNOWN_IDENTITY_DOCUMENTS).join(', ')}): give KYC_DOCUMENT_NAME and KYC_DOCUMENT_PATTERN`,
    );
  let compiled: RegExp;
  try {
    compiled = new RegExp(`^(?:${options.pattern})$`, 'u');
  } catch {
    throw new RangeError('KYC_DOCUMENT_PATTERN is not a valid regular expression');
  }
  if (compiled.test('')) throw new RangeError('KYC_DOCUMENT_PATTERN must not match an empty number');
  return { type: code, name: options.name?.trim() || code, pattern: options.pattern, example: '', visible: 4 };
}

/** A number as typed: upper case, without spaces, dots or dashes. */
export function normalizeDocumentNumber(value: string): string {
  return value
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s.-]+/g, '');
}

/** Whether a (normalised) number is one of the document's. */
export function isDocumentNumber(document: IdentityDocument, number: string): boolean {
  return (
    number.length > 0 &&
    number.length <= DOCUMENT_NUMBER_MAX &&
    new RegExp(`^(?:${document.pattern})$`, 'u').test(number)
  );
}

/**
 * The number as shown everywhere: every character but the last `visible` ones replaced by X, and never more than
 * half of it shown (ABCDE1234F → XXXXX1234F).
 */
export function maskDocumentNumber(document: Pick<IdentityDocument, 'visible'>, number: string): string {
  const chars = [...number];
  const shown = Math.min(document.visible, Math.floor(chars.length / 2));
  return 'X'.repeat(chars.length - shown) + chars.slice(chars.length - shown).join('');
}
