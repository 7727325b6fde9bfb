import { formatPaise, rupeesToPaise } from '../money/money.js';
import { depositPayerKind, normalizeUtr, validateUtr } from '../validation/deposit.js';
import { parseRupeeInput } from '../validation/rupee-input.js';

/**
 * The receiving account's bank statement, as the reviewer exports it (CSV), and how a pending deposit claim compares
 * with it. Pure: the admin console reads the file in the browser and marks each pending claim; nothing is sent.
 *
 * A claim is `matched` only when the statement has its UTR with the same amount and a payer that agrees with the one
 * the player gave (the same UPI ID, or the same name). Otherwise it is `mismatched` (each reason said), or `missing`
 * when the UTR is not in the statement at all (not arrived yet, or another period's statement).
 */

/** One credit of the statement. */
export interface StatementEntry {
  /** As stored for claims: trimmed and upper-cased. */
  readonly utrNumber: string;
  readonly amountPaise: number;
  /** As the bank wrote it (a name, a UPI ID, or both); '' when the statement has no payer column. */
  readonly payer: string;
  /** As the bank wrote it; '' when the statement has no time column. */
  readonly time: string;
  /** 1-based line of the file. */
  readonly line: number;
}

export interface BankStatement {
  readonly entries: readonly StatementEntry[];
  /** Lines that could not be read, each saying why ('Line 4: …'); at most STATEMENT_MAX_PROBLEMS. */
  readonly problems: readonly string[];
}

/** The biggest statement read (characters): a month of credits fits many times over. */
export const STATEMENT_MAX_CHARS = 5_000_000;
const STATEMENT_MAX_PROBLEMS = 20;

export const STATEMENT_MESSAGES = {
  empty: 'The file has no lines.',
  tooLarge: 'The file is too large for a bank statement (at most 5 MB).',
  columns: 'The first line must name the columns: UTR, amount, and optionally payer and time.',
  noEntries: 'No credit could be read from the file.',
} as const;

/** Column names (letters and digits only, lower case) a bank may use for each field. */
const COLUMNS = {
  utr: [
    'utr',
    'utrnumber',
    'utrno',
    'rrn',
    'upirefno',
    'upireference',
    'upireferenceno',
    'referenceno',
    'refno',
    'reference',
    'transactionreference',
    'chequerefno',
  ],
  amount: ['amount', 'creditamount', 'credit', 'amountinr', 'amountrs', 'depositamount', 'cr'],
  payer: [
    'payer',
    'payername',
    'payervpa',
    'vpa',
    'upiid',
    'remitter',
    'remittername',
    'sender',
    'sendername',
    'from',
    'name',
    'accountholder',
    'accountholdername',
  ],
  time: ['time', 'datetime', 'timestamp', 'transactiontime', 'transactiondate', 'txndate', 'valuedate', 'date'],
} as const;
type Column = keyof typeof COLUMNS;

/** Splits CSV text into rows of fields (RFC 4180: quoted fields, doubled quotes, CRLF or LF). */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

const columnKey = (name: string) =>
  name
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** A statement's amount: '1,500.00', '₹1500', 'INR 1500.5', '1500 CR' → paise; null when it is not one. */
export function statementAmountPaise(text: string): number | null {
  const cleaned = text.replace(/₹|inr|rs\.?|cr$/gi, '').replace(/[,\s]/g, '');
  const rupees = parseRupeeInput(cleaned);
  return rupees === null || rupees <= 0 ? null : rupeesToPaise(rupees);
}

/** Reads a statement exported as CSV. The first line names the columns; blank lines are skipped. */
export function parseBankStatement(text: string): BankStatement & { readonly error: string | null } {
  const fail = (error: string) => ({ entries: [], problems: [], error });
  if (text.length > STATEMENT_MAX_CHARS) return fail(STATEMENT_MESSAGES.tooLarge);
  const rows = parseCsvRows(text);
  const headerIndex = rows.findIndex((r) => r.some((f) => f.trim() !== ''));
  if (headerIndex < 0) return fail(STATEMENT_MESSAGES.empty);
  const header = rows[headerIndex]!.map(columnKey);
  const at = {} as Record<Column, number>;
  for (const column of Object.keys(COLUMNS) as Column[]) {
    at[column] = (COLUMNS[column] as readonly string[]).map((name) => header.indexOf(name)).find((i) => i >= 0) ?? -1;
  }
  if (at.utr < 0 || at.amount < 0) return fail(STATEMENT_MESSAGES.columns);

  const entries: StatementEntry[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const problem = (message: string) => {
    if (problems.length < STATEMENT_MAX_PROBLEMS) problems.push(message);
  };
  rows.slice(headerIndex + 1).forEach((row, i) => {
    const line = headerIndex + i + 2;
    if (row.every((f) => f.trim() === '')) return;
    const field = (column: Column) => (at[column] >= 0 ? (row[at[column]] ?? '').trim() : '');
    // A line without an amount in the credit column is a debit: not a deposit.
    if (field('amount') === '') return;
    // Banks may group a UTR's digits with spaces or dashes (normalizeUtr removes them). A statement also lists
    // IMPS/NEFT references; they match no UPI claim but are not errors.
    const utrText = field('utr');
    if (validateUtr(utrText, 'BANK_TRANSFER') !== null)
      return problem(`Line ${line}: '${field('utr').slice(0, 30)}' is not a UTR.`);
    const utrNumber = normalizeUtr(utrText);
    const amountPaise = statementAmountPaise(field('amount'));
    if (amountPaise === null) return problem(`Line ${line}: '${field('amount').slice(0, 30)}' is not an amount.`);
    if (seen.has(utrNumber)) return problem(`Line ${line}: UTR ${utrNumber} appears twice; the first is used.`);
    seen.add(utrNumber);
    entries.push({ utrNumber, amountPaise, payer: field('payer'), time: field('time'), line });
  });
  if (entries.length === 0) return { entries, problems, error: STATEMENT_MESSAGES.noEntries };
  return { entries, problems, error: null };
}

const UPI_ID_IN_TEXT = /[\w.-]+@[\w.-]+/g;

/** A name as compared: upper case, dots and other marks dropped, single spaces. */
function nameWords(name: string): string[] {
  return name
    .toUpperCase()
    .replace(/[^A-Z ]/g, ' ')
    .split(' ')
    .filter((w) => w.length > 0);
}

/**
 * Whether the payer a player gave agrees with the statement's payer: a UPI ID must appear in the statement's payer
 * text (case aside); a name must have the same words, or be what a bank cut short (the statement's words are the
 * first words of the name, the last one perhaps truncated). Null when they cannot be compared: one is a UPI ID and
 * the statement has none, or the statement names no payer.
 */
export function payerAgrees(claimed: string, statementPayer: string): boolean | null {
  if (statementPayer.trim() === '') return null;
  if (depositPayerKind(claimed) === 'UPI_ID') {
    const ids = (statementPayer.match(UPI_ID_IN_TEXT) ?? []).map((id) => id.toLowerCase());
    return ids.length === 0 ? null : ids.includes(claimed.toLowerCase());
  }
  const statementName = statementPayer.replace(UPI_ID_IN_TEXT, ' ');
  const theirs = nameWords(statementName);
  if (theirs.length === 0) return null;
  const ours = nameWords(claimed);
  if (ours.join(' ') === theirs.join(' ')) return true;
  // Cut short by the bank: every word but the last equal, the last a prefix of ours.
  if (theirs.length > ours.length) return false;
  return theirs.every((word, i) => (i === theirs.length - 1 ? ours[i]!.startsWith(word) : ours[i] === word));
}

export type StatementVerdict = 'matched' | 'mismatched' | 'missing';

/** What the console calls each verdict. */
export const STATEMENT_VERDICT_LABELS: Readonly<Record<StatementVerdict, string>> = {
  matched: 'Matches the statement',
  mismatched: 'Does not match the statement',
  missing: 'Not in the statement',
};

/** The import's summary: 'Statement "nov.csv": 120 credits. Pending claims: 5 matched, 1 mismatched, 2 missing.' */
export function statementSummary(
  fileName: string,
  credits: number,
  counts: Readonly<Record<StatementVerdict, number>>,
): string {
  return `Statement "${fileName}": ${credits} ${credits === 1 ? 'credit' : 'credits'}. Pending claims: ${counts.matched} matched, ${counts.mismatched} mismatched, ${counts.missing} missing.`;
}

export interface StatementMatch {
  readonly verdict: StatementVerdict;
  /** Why it is not matched, each in the reviewer's words; empty when matched. */
  readonly reasons: readonly string[];
  /** The statement's credit of the UTR, when there is one. */
  readonly entry: StatementEntry | null;
}

/** How a pending claim compares with the statement (see the module's comment). */
export function matchClaimToStatement(
  claim: { readonly utrNumber: string; readonly amountPaise: number; readonly payer: string | null },
  statement: ReadonlyMap<string, StatementEntry>,
): StatementMatch {
  const entry = statement.get(normalizeUtr(claim.utrNumber)) ?? null;
  if (!entry) return { verdict: 'missing', reasons: ['Not in the statement'], entry: null };
  const reasons: string[] = [];
  if (entry.amountPaise !== claim.amountPaise) reasons.push(`Statement amount ${formatPaise(entry.amountPaise)}`);
  const agrees = claim.payer === null ? null : payerAgrees(claim.payer, entry.payer);
  if (agrees === false) reasons.push(`Statement payer ${entry.payer}`);
  else if (agrees === null)
    reasons.push(
      claim.payer === null
        ? `Payer not given; statement payer ${entry.payer || 'not shown'}`
        : `Payer cannot be compared; statement payer ${entry.payer || 'not shown'}`,
    );
  return { verdict: reasons.length === 0 ? 'matched' : 'mismatched', reasons, entry };
}

/** The statement's credits by UTR, for `matchClaimToStatement`. */
export function statementByUtr(statement: BankStatement): ReadonlyMap<string, StatementEntry> {
  return new Map(statement.entries.map((e) => [e.utrNumber, e]));
}
