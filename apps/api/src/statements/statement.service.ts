import { BadRequestException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { Statement, StatementLine } from '@app/contracts';
import {
  exactPaise,
  exactPaiseToNumber,
  isUuid,
  IST_OFFSET_MS,
  paiseToDecimalString,
  paiseToRupees,
  periodOfStream,
  PLAYER_ACTION_MESSAGES,
  STATEMENT_KIND_LABELS,
  STATEMENT_PAGE_LINES,
  statementLineKind,
  validateStatementQuery,
  type StatementQuery,
  type StatementRange,
} from '@app/domain';
import { WALLET_NOT_FOUND } from '../wallet/wallet.service.js';
import { StatementRepository, type EntryRow, type Reader, type StatementWindow } from './statement.repository.js';

/** Lines read per query while a CSV is streamed. */
const CSV_PAGE_LINES = 1000;

export const STATEMENT_CSV_HEADER = [
  'Date (IST)',
  'Entry',
  'Type',
  'Period',
  'Reference',
  'Main',
  'Bonus',
  'Main balance',
  'Bonus balance',
] as const;

interface Running {
  main: number;
  bonus: number;
}

/** 'YYYY-MM-DD HH:MM:SS' in India time. */
export function istDateTimeText(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
const csvRow = (fields: readonly string[]) => `${fields.map(csvField).join(',')}\r\n`;
const decimal = (paise: number) => paiseToDecimalString(paise);

/**
 * Account statements: a player's (or, for an administrator, any player's, audited) main and bonus movements over a
 * range of IST dates, built from the ledger's postings of the player's two accounts, one line per journal entry,
 * each with the running balances after it. JSON comes a page of 500 lines at a time (`after` = the last entry
 * shown, keyset); CSV streams the whole range, read 1,000 lines per query, so no request holds a long history in
 * memory.
 */
@Injectable()
export class StatementService {
  private readonly logger = new Logger('Statements');

  constructor(@Inject(StatementRepository) private readonly repo: StatementRepository) {}

  /** The checked query; 400 with the field messages otherwise. */
  range(query: StatementQuery): StatementRange {
    const input = validateStatementQuery(query);
    if (!input.ok) throw new BadRequestException({ message: input.error, errors: input.errors });
    return input.value;
  }

  /** The player's own statement: 404 for an account without a wallet (an administrator). */
  async ownRange(userId: string, query: StatementQuery): Promise<StatementRange> {
    const range = this.range(query);
    if (!(await this.repo.wallet(userId))) throw new NotFoundException(WALLET_NOT_FOUND);
    return range;
  }

  /** A player's statement produced by an administrator: 404 unless the id is a player's; the act is audited. */
  async adminRange(adminId: string, userId: string, query: StatementQuery): Promise<StatementRange> {
    const range = this.range(query);
    if (!isUuid(userId) || !(await this.repo.isPlayer(userId))) {
      throw new NotFoundException(PLAYER_ACTION_MESSAGES.notFound);
    }
    await this.repo.auditAdminStatement({ adminId, userId, from: range.from, to: range.to, format: range.format });
    this.logger.log({
      msg: 'statement produced for a player',
      adminId,
      userId,
      from: range.from,
      to: range.to,
      format: range.format,
    });
    return range;
  }

  /** One JSON page: the range's balances and totals, and up to 500 lines after `range.after`. */
  async page(userId: string, range: StatementRange): Promise<Statement> {
    const window = this.window(userId, range, range.after);
    const paise = (text: string, what: string) => exactPaiseToNumber(exactPaise(text), what);
    // One snapshot: the balances and the lines see the same entries, even of a range that ends today.
    const { sums, lines, more } = await this.repo.snapshot(async (trx) => {
      const sums = await this.repo.sums(window, trx);
      const { entries, more } = await this.repo.entries(window, STATEMENT_PAGE_LINES, trx);
      const running: Running = {
        main: paise(sums.main.opening, 'opening main') + paise(sums.main.beforePage, 'main'),
        bonus: paise(sums.bonus.opening, 'opening bonus') + paise(sums.bonus.beforePage, 'bonus'),
      };
      return { sums, lines: await this.lines(userId, entries, running, false, trx), more };
    });
    const rupees = (text: string, what: string) => paiseToRupees(paise(text, what));
    return {
      from: range.from,
      to: range.to,
      timeZone: 'Asia/Kolkata',
      opening: { main: rupees(sums.main.opening, 'opening'), bonus: rupees(sums.bonus.opening, 'opening') },
      closing: { main: rupees(sums.main.closing, 'closing'), bonus: rupees(sums.bonus.closing, 'closing') },
      totals: {
        in: { main: rupees(sums.main.in, 'in'), bonus: rupees(sums.bonus.in, 'in') },
        out: { main: rupees(sums.main.out, 'out'), bonus: rupees(sums.bonus.out, 'out') },
      },
      lines,
      nextAfter: more && lines.length > 0 ? lines[lines.length - 1]!.entry : null,
    };
  }

  /**
   * The whole range as CSV text, produced a page at a time: a header row, the opening balance, every line, the
   * closing balance (which equals the opening plus the lines: the service checks it before writing it).
   */
  async *csv(userId: string, range: StatementRange): AsyncGenerator<string> {
    const sums = await this.repo.sums(this.window(userId, range, 0));
    const paise = (text: string) => exactPaiseToNumber(exactPaise(text), 'balance');
    const running: Running = { main: paise(sums.main.opening), bonus: paise(sums.bonus.opening) };
    yield csvRow(STATEMENT_CSV_HEADER);
    yield csvRow([
      `${range.from} 00:00:00`,
      '',
      'Opening balance',
      '',
      '',
      '',
      '',
      decimal(running.main),
      decimal(running.bonus),
    ]);
    let after = 0;
    let lines = 0;
    for (;;) {
      const { entries, more } = await this.repo.entries(this.window(userId, range, after), CSV_PAGE_LINES);
      const page = await this.lines(userId, entries, running, true);
      let text = '';
      for (const line of page) {
        text += csvRow([
          istDateTimeText(new Date(line.at)),
          String(line.entry),
          STATEMENT_KIND_LABELS[line.kind],
          line.periodId ?? '',
          line.reference ?? '',
          decimal(line.main),
          decimal(line.bonus),
          decimal(line.balance.main),
          decimal(line.balance.bonus),
        ]);
      }
      if (text) yield text;
      lines += page.length;
      if (!more || entries.length === 0) break;
      after = entries[entries.length - 1]!.seq;
    }
    // A range that ends today may gain entries while it is streamed (it is read in several queries): the closing row
    // is the opening plus the lines written, so the file always adds up; a difference from the sums read first is
    // logged.
    const closing = { main: paise(sums.main.closing), bonus: paise(sums.bonus.closing) };
    if (closing.main !== running.main || closing.bonus !== running.bonus) {
      this.logger.warn({
        msg: 'statement lines moved while it was read (entries recorded meanwhile)',
        userId,
        from: range.from,
        to: range.to,
        lines,
      });
    }
    yield csvRow([
      `${range.to} 23:59:59`,
      '',
      'Closing balance',
      '',
      '',
      '',
      '',
      decimal(running.main),
      decimal(running.bonus),
    ]);
  }

  private window(userId: string, range: StatementRange, after: number): StatementWindow {
    return { userId, from: new Date(range.fromMs), toExclusive: new Date(range.toMsExclusive), after };
  }

  /**
   * Lines of entries, the running balances carried along (mutated). `paise`: amounts stay in paise (for the CSV's
   * exact decimals); otherwise rupees (the JSON wire).
   */
  private async lines(
    userId: string,
    entries: EntryRow[],
    running: Running,
    paise = false,
    db?: Reader,
  ): Promise<StatementLine[]> {
    const stakes = await this.repo.stakePeriods(
      userId,
      entries.filter((e) => statementLineKind(e.type) === 'stake'),
      db,
    );
    const money = (value: number) => (paise ? value : paiseToRupees(value));
    return entries.map((entry) => {
      running.main += entry.main;
      running.bonus += entry.bonus;
      const kind = statementLineKind(entry.type);
      const periods =
        kind === 'stake'
          ? (stakes.get(entry.seq) ?? [])
          : [periodOfStream(entry.stream)].filter((p): p is string => p !== null);
      return {
        entry: entry.seq,
        at: entry.at.toISOString(),
        kind,
        periodId: periods.length > 0 ? periods.join(', ') : null,
        reference: entry.reference,
        main: money(entry.main),
        bonus: money(entry.bonus),
        balance: { main: money(running.main), bonus: money(running.bonus) },
      };
    });
  }
}
