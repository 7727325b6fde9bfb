import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Inject, Injectable, Logger, Optional, type OnModuleInit } from '@nestjs/common';
import { sql } from 'kysely';
import { Counter, Gauge, Registry } from 'prom-client';
import { AppConfig } from '@app/config';
import { Database, type HistoryPartitionsTable } from '@app/db';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_ORDER,
  PARTITIONS_SCHEDULE,
  type HistoryTable,
  type PartitionsSchedule,
} from './partitions.constants.js';

export interface PartitionsRun {
  /** Partitions made ahead by this run. */
  made: number;
  /** Partitions past the retention, archived or not. */
  due: number;
  /** Partitions archived by this run (detached, written, verified, dropped). */
  archived: string[];
}

/** What an archive's manifest says (`<partition>.manifest.json` beside `<partition>.jsonl.gz`). */
export interface ArchiveManifest {
  format: typeof ARCHIVE_FORMAT;
  table: HistoryTable;
  partition: string;
  /** IST month [starts, ends); starts null for the partition of everything before the conversion. */
  starts: string | null;
  ends: string;
  rows: number;
  columns: Array<{ name: string; type: string }>;
  file: string;
  bytes: number;
  sha256: string;
  archivedAt: string;
  /** ledger_postings only: what this partition added to each account's opening balance (paise, exact text). */
  openingBalances?: Record<string, string>;
}

type PartitionRow = Pick<HistoryPartitionsTable, 'partition_name' | 'table_name' | 'starts' | 'ends'> & {
  status: string;
};

const NAME = /^[a-z_]+_(before_)?\d{4}_\d{2}$/;

/** The longest a run waits for the lock on a parent (bets, the journal), which every bet's statement queues behind. */
const PARENT_LOCK_TIMEOUT = '300ms';

function partitionTable(name: string) {
  if (!NAME.test(name)) throw new Error(`not a history partition: ${name}`);
  return sql.table(`partitions.${name}`);
}

/**
 * The monthly partitions of events, ledger_postings, bets and audit_log (docs/partitions.md):
 *
 * - `makeAhead`: the current month and HISTORY_PARTITIONS ahead have their partitions (`history_partitions_ahead`,
 *   migration 0029), so a row of any coming month lands in its own.
 * - `archive`: a partition whose month ended more than HISTORY_RETENTION_MONTHS ago is detached (in the same
 *   transaction, postings add to their accounts' opening balances in `archived_balances`, and the guards of bet ids
 *   and command ids forget its keys), written to HISTORY_ARCHIVE_DIR as gzip'd JSON lines with a sha256 manifest,
 *   the file read back and checked (checksum and row count), and only then dropped. Each step is recorded in
 *   `history_partitions`, so a run interrupted anywhere is taken up where it stopped.
 *
 * Exports `wr_history_partitions_due` (partitions past the retention still in the database) and
 * `wr_history_partitions_archived_total`.
 */
@Injectable()
export class PartitionsService implements OnModuleInit {
  private readonly logger = new Logger('Partitions');
  private metrics?: { due: Gauge; archived: Counter };

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(PARTITIONS_SCHEDULE) private readonly schedule: PartitionsSchedule,
    @Optional() @Inject(Registry) private readonly registry?: Registry,
  ) {}

  onModuleInit(): void {
    const reg = this.registry;
    if (!reg) return;
    this.metrics = {
      due:
        (reg.getSingleMetric('wr_history_partitions_due') as Gauge | undefined) ??
        new Gauge({
          name: 'wr_history_partitions_due',
          help: 'Partitions of the money history older than HISTORY_RETENTION_MONTHS still in the database',
          registers: [reg],
        }),
      archived:
        (reg.getSingleMetric('wr_history_partitions_archived_total') as Counter | undefined) ??
        new Counter({
          name: 'wr_history_partitions_archived_total',
          help: 'Partitions of the money history archived to HISTORY_ARCHIVE_DIR and dropped',
          registers: [reg],
        }),
    };
  }

  /** One worker run: the partitions ahead, then the archival of those past the retention (when a folder is set). */
  async run(now = new Date()): Promise<PartitionsRun> {
    const made = await this.makeAhead();
    const due = await this.due(now);
    this.metrics?.due.set(due.length);
    const archived: string[] = [];
    if (due.length > 0 && !this.config.HISTORY_ARCHIVE_DIR)
      this.logger.warn({ msg: 'history partitions past the retention, and no HISTORY_ARCHIVE_DIR', due: due.length });
    if (this.config.HISTORY_ARCHIVE_DIR)
      for (const p of due) {
        await this.archive(p.partition_name, this.config.HISTORY_ARCHIVE_DIR);
        archived.push(p.partition_name);
        this.metrics?.due.dec();
      }
    return { made, due: due.length, archived };
  }

  /** Makes the missing partitions through `monthsAhead` months after the current one; returns how many. */
  async makeAhead(monthsAhead = this.schedule.monthsAhead): Promise<number> {
    const made = await this.db.transaction().execute(async (trx) => {
      // Making a partition locks its parent (bets, the journal) for a moment. While this waits for the lock every new
      // statement on the parent queues behind it, so it gives up quickly (PARENT_LOCK_TIMEOUT) and the next run, an
      // hour later, tries again: the months ahead leave room for many tries.
      await sql`SET LOCAL lock_timeout = ${sql.lit(PARENT_LOCK_TIMEOUT)}`.execute(trx);
      const { rows } = await sql<{
        made: number;
      }>`SELECT history_partitions_ahead(${monthsAhead}::int) AS made`.execute(trx);
      return Number(rows[0]!.made);
    });
    if (made > 0) this.logger.log({ msg: 'history partitions made ahead', made, monthsAhead });
    return made;
  }

  /** The partitions whose month ended HISTORY_RETENTION_MONTHS (IST months) before `now`'s, oldest first. */
  async due(now = new Date()): Promise<PartitionRow[]> {
    const { rows } = await sql<PartitionRow>`
      SELECT partition_name, table_name, starts::text AS starts, ends::text AS ends, status FROM history_partitions
      WHERE status <> 'archived'
        AND ends <= (date_trunc('month', ${now}::timestamptz AT TIME ZONE 'Asia/Kolkata') - make_interval(months => ${this.config.HISTORY_RETENTION_MONTHS}::int))::date
      ORDER BY ends, array_position(${sql.raw(`ARRAY[${ARCHIVE_ORDER.map((t) => `'${t}'`).join(', ')}]`)}, table_name)
    `.execute(this.db);
    return rows;
  }

  /** Archives one partition into `dir`, from whatever step it was left at; returns its manifest. */
  async archive(partitionName: string, dir: string): Promise<ArchiveManifest> {
    const started = Date.now();
    let partition = await this.partition(partitionName);
    if (partition.status === 'archived') throw new Error(`${partitionName} is archived already`);
    if (partition.status === 'live') await this.detach(partitionName);
    partition = await this.partition(partitionName);
    const manifest = await this.write(partition, dir);
    await this.verify(manifest, dir);
    await this.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL lock_timeout = '5s'`.execute(trx);
      const { rows } = await sql<{ status: string }>`
        SELECT status FROM history_partitions WHERE partition_name = ${partitionName} FOR UPDATE
      `.execute(trx);
      if (rows[0]?.status !== 'detached') return;
      await sql`DROP TABLE ${partitionTable(partitionName)}`.execute(trx);
      await sql`
        UPDATE history_partitions SET status = 'archived', archived_at = now(), archive_file = ${manifest.file}, archive_sha256 = ${manifest.sha256}
        WHERE partition_name = ${partitionName} AND status = 'detached'
      `.execute(trx);
    });
    this.metrics?.archived.inc();
    this.logger.log({
      msg: 'history partition archived',
      partition: partitionName,
      rows: manifest.rows,
      file: manifest.file,
      ms: Date.now() - started,
    });
    return manifest;
  }

  private async partition(name: string): Promise<PartitionRow> {
    const { rows } = await sql<PartitionRow>`
      SELECT partition_name, table_name, starts::text AS starts, ends::text AS ends, status FROM history_partitions WHERE partition_name = ${name}
    `.execute(this.db);
    if (!rows[0]) throw new Error(`no history partition ${name}`);
    return rows[0];
  }

  /**
   * Detaches a live partition in one transaction with what keeps the books whole without it: a partition of
   * postings adds each account's sum to its opening balance (invariant: balance = opening balance + live postings),
   * after checking that each of its journal entries balances within it; the guards forget the keys it takes away.
   */
  private async detach(name: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      // DETACH locks the parent: as when making partitions, give up quickly rather than hold the parent's queue.
      await sql`SET LOCAL lock_timeout = ${sql.lit(PARENT_LOCK_TIMEOUT)}`.execute(trx);
      const { rows } = await sql<PartitionRow>`
        SELECT partition_name, table_name, starts::text AS starts, ends::text AS ends, status FROM history_partitions
        WHERE partition_name = ${name} FOR UPDATE
      `.execute(trx);
      const p = rows[0];
      if (!p || p.status !== 'live') return;
      const table = partitionTable(name);
      if (p.table_name === 'ledger_postings') {
        const { rows: unbalanced } = await sql<{ event_seq: number }>`
          SELECT event_seq FROM ${table} GROUP BY event_seq HAVING sum(amount) <> 0 LIMIT 1
        `.execute(trx);
        if (unbalanced[0])
          throw new Error(`${name}: journal entry ${unbalanced[0].event_seq} does not balance within the month`);
        await sql`
          INSERT INTO archived_balances (account, amount, postings, through)
          SELECT account, sum(amount), count(*), ${p.ends}::date FROM ${table} GROUP BY account
          ON CONFLICT (account) DO UPDATE SET amount = archived_balances.amount + excluded.amount,
            postings = archived_balances.postings + excluded.postings,
            through = greatest(archived_balances.through, excluded.through), updated_at = now()
        `.execute(trx);
      }
      if (p.table_name === 'events')
        await sql`DELETE FROM event_commands WHERE command_id IN (SELECT command_id FROM ${table} WHERE command_id IS NOT NULL)`.execute(
          trx,
        );
      if (p.table_name === 'bets') await sql`DELETE FROM bet_ids WHERE id IN (SELECT id FROM ${table})`.execute(trx);
      const { rows: count } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${table}`.execute(trx);
      await sql`ALTER TABLE ${sql.table(p.table_name)} DETACH PARTITION ${table}`.execute(trx);
      await sql`
        UPDATE history_partitions SET status = 'detached', detached_at = now(), rows = ${count[0]!.n} WHERE partition_name = ${name}
      `.execute(trx);
    });
  }

  /** Writes a detached partition to `<dir>/<name>.jsonl.gz` (one JSON object a row) and its manifest. */
  private async write(p: PartitionRow, dir: string): Promise<ArchiveManifest> {
    await mkdir(dir, { recursive: true });
    const table = partitionTable(p.partition_name);
    const file = `${p.partition_name}.jsonl.gz`;
    // A name of this writer's own: two engines' runs taking up the same partition never write into one file (the
    // loser's checks fail, and the next run finds the partition archived).
    const partial = path.join(dir, `${file}.${process.pid}-${randomBytes(4).toString('hex')}.partial`);
    const { rows: columns } = await sql<{ name: string; type: string }>`
      SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
      WHERE a.attrelid = ${`partitions.${p.partition_name}`}::regclass AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum
    `.execute(this.db);
    const db = this.db;
    const batch = this.schedule.exportBatch;
    let rows = 0;
    // Keyset by ctid: the detached table no longer changes.
    async function* lines(): AsyncGenerator<string> {
      let after = '(0,0)';
      for (;;) {
        const { rows: page } = await sql<{ ctid: string; line: string }>`
          SELECT t.ctid::text AS ctid, row_to_json(t)::text AS line FROM ${table} t WHERE t.ctid > ${after}::tid ORDER BY t.ctid LIMIT ${batch}
        `.execute(db);
        for (const r of page) yield `${r.line}\n`;
        rows += page.length;
        if (page.length < batch) return;
        after = page[page.length - 1]!.ctid;
      }
    }
    const hash = createHash('sha256');
    let bytes = 0;
    await pipeline(
      lines,
      createGzip({ level: 6 }),
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          hash.update(chunk);
          bytes += chunk.length;
          yield chunk;
        }
      },
      createWriteStream(partial),
    );
    await rename(partial, path.join(dir, file));
    let openingBalances: Record<string, string> | undefined;
    if (p.table_name === 'ledger_postings') {
      const { rows: sums } = await sql<{ account: string; total: string }>`
        SELECT account, sum(amount)::text AS total FROM ${table} GROUP BY account ORDER BY account
      `.execute(this.db);
      openingBalances = Object.fromEntries(sums.map((s) => [s.account, s.total]));
    }
    const manifest: ArchiveManifest = {
      format: ARCHIVE_FORMAT,
      table: p.table_name as HistoryTable,
      partition: p.partition_name,
      starts: p.starts,
      ends: p.ends,
      rows,
      columns,
      file,
      bytes,
      sha256: hash.digest('hex'),
      archivedAt: new Date().toISOString(),
      ...(openingBalances ? { openingBalances } : {}),
    };
    await writeFile(path.join(dir, `${p.partition_name}.manifest.json`), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  }

  /** Reads the file back: its sha256 and its number of rows must be the manifest's, and the table's. */
  private async verify(manifest: ArchiveManifest, dir: string): Promise<void> {
    const file = path.join(dir, manifest.file);
    const { size } = await stat(file);
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
    const sha256 = hash.digest('hex');
    let lines = 0;
    for await (const line of createInterface({
      input: createReadStream(file).pipe(createGunzip()),
      crlfDelay: Infinity,
    }))
      if (line.length > 0) lines++;
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ${partitionTable(manifest.partition)}`.execute(this.db);
    if (sha256 !== manifest.sha256 || size !== manifest.bytes || lines !== manifest.rows || rows[0]!.n !== lines)
      throw new Error(
        `${manifest.partition}: the archive does not match (sha256 ${sha256}, ${lines} lines, ${rows[0]!.n} rows; manifest ${manifest.sha256}, ${manifest.rows} rows)`,
      );
  }
}
