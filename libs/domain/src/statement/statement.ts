import { DAY_MS, isIstDateKey, istDayEndExclusiveMs, istDayStartMs } from '../period/ist-day.js';
import { FieldErrorCollector, type FormResult } from '../validation/form-result.js';

/**
 * Account statements (GET /wallet/statement): every movement of a player's main and bonus balances over a range of
 * India dates, read from the ledger's postings of the player's two accounts, one line per journal entry. The opening
 * balance is the sum of the accounts' postings before the range, each line adds its postings, so the closing balance
 * is the opening plus the lines and equals the wallet's balance at the end of the range, by construction.
 */

/** Longest statement, in IST calendar days (a leap year). */
export const STATEMENT_MAX_DAYS = 366;
/** Lines of one JSON page (the CSV is streamed whole, read a page at a time). */
export const STATEMENT_PAGE_LINES = 500;

export const STATEMENT_FORMATS = ['json', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const ACCOUNT_STATEMENT_MESSAGES = {
  fromRequired: 'Please choose the first day of the statement (YYYY-MM-DD).',
  toRequired: 'Please choose the last day of the statement (YYYY-MM-DD).',
  order: 'The first day must not be after the last day.',
  tooLong: `A statement covers at most ${STATEMENT_MAX_DAYS} days.`,
  format: 'The format must be csv or json.',
  after: 'Not a statement position.',
} as const;

export interface StatementRange {
  /** 'YYYY-MM-DD', IST, inclusive. */
  readonly from: string;
  /** 'YYYY-MM-DD', IST, inclusive. */
  readonly to: string;
  /** IST midnight starting `from`. */
  readonly fromMs: number;
  /** IST midnight after `to` (exclusive). */
  readonly toMsExclusive: number;
  readonly format: StatementFormat;
  /** The journal entry (event seq) after which a JSON page starts; 0 for the first page. */
  readonly after: number;
}

/** The query of a statement request, as received: any type. */
export interface StatementQuery {
  readonly from?: unknown;
  readonly to?: unknown;
  readonly format?: unknown;
  readonly after?: unknown;
}

const WHOLE = /^\d{1,15}$/;

/** Validates a statement's range (IST dates, from ≤ to, at most 366 days), its format (default json) and position. */
export function validateStatementQuery(
  query: StatementQuery,
): FormResult<'from' | 'to' | 'format' | 'after', StatementRange> {
  const errors = new FieldErrorCollector<'from' | 'to' | 'format' | 'after'>();
  const from = typeof query.from === 'string' ? query.from.trim() : '';
  const to = typeof query.to === 'string' ? query.to.trim() : '';
  if (!isIstDateKey(from)) errors.add('from', ACCOUNT_STATEMENT_MESSAGES.fromRequired);
  if (!isIstDateKey(to)) errors.add('to', ACCOUNT_STATEMENT_MESSAGES.toRequired);
  if (!errors.has('from') && !errors.has('to')) {
    const days = (istDayEndExclusiveMs(to) - istDayStartMs(from)) / DAY_MS;
    if (days < 1) errors.add('to', ACCOUNT_STATEMENT_MESSAGES.order);
    else if (days > STATEMENT_MAX_DAYS) errors.add('to', ACCOUNT_STATEMENT_MESSAGES.tooLong);
  }
  const format = query.format === undefined || query.format === '' ? 'json' : query.format;
  if (!STATEMENT_FORMATS.includes(format as StatementFormat)) errors.add('format', ACCOUNT_STATEMENT_MESSAGES.format);
  const after = query.after === undefined || query.after === '' ? '0' : query.after;
  if (typeof after !== 'string' || !WHOLE.test(after)) errors.add('after', ACCOUNT_STATEMENT_MESSAGES.after);
  return errors.result(() => ({
    from,
    to,
    fromMs: istDayStartMs(from),
    toMsExclusive: istDayEndExclusiveMs(to),
    format: format as StatementFormat,
    after: Number(after),
  }));
}

/** What a statement line is, from its journal entry's type (docs/money.md, "Movements"). */
export type StatementLineKind =
  | 'deposit'
  | 'withdrawal'
  | 'withdrawal-returned'
  | 'bonus-granted'
  | 'bonus-released'
  | 'bonus-expired'
  | 'stake'
  | 'win'
  | 'refund'
  | 'adjustment';

const KIND_BY_EVENT: Readonly<Record<string, StatementLineKind>> = {
  DepositApproved: 'deposit',
  WithdrawalRequested: 'withdrawal',
  WithdrawalReturned: 'withdrawal-returned',
  ReferralBonusPaid: 'bonus-granted',
  BonusReleased: 'bonus-released',
  BonusExpired: 'bonus-expired',
  BetsPlaced: 'stake',
  BetPlaced: 'stake',
  PeriodSettled: 'win',
  PeriodRefunded: 'refund',
};

/** The kind of line a journal entry makes; an entry of any other type (a correction) is an adjustment. */
export function statementLineKind(eventType: string): StatementLineKind {
  return KIND_BY_EVENT[eventType] ?? 'adjustment';
}

/** The words of each kind, on the printable page and in the CSV's Type column. */
export const STATEMENT_KIND_LABELS: Readonly<Record<StatementLineKind, string>> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  'withdrawal-returned': 'Withdrawal returned',
  'bonus-granted': 'Bonus granted',
  'bonus-released': 'Bonus released',
  'bonus-expired': 'Bonus expired',
  stake: 'Stake',
  win: 'Win',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

/** The period id a journal entry's stream names (`period:{id}`: a settlement or refund), or null. */
export function periodOfStream(stream: string): string | null {
  return stream.startsWith('period:') ? stream.slice('period:'.length) : null;
}
