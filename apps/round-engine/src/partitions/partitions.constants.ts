/** The history partitions queue, and the BullMQ configuration key it lives under. */
export const PARTITIONS_QUEUE = 'history-partitions';
export const PARTITIONS_CONFIG_KEY = 'history-partitions';
/** Id of the repeatable job scheduler: one schedule per deployment, however many engines start. */
export const PARTITIONS_SCHEDULER_ID = 'history-partitions';

/** How often the partitions ahead are made and old ones archived, and how far ahead (injectable for tests). */
export const PARTITIONS_SCHEDULE = Symbol('PARTITIONS_SCHEDULE');
export interface PartitionsSchedule {
  everyMs: number;
  /** Months after the current one that always have their partitions. */
  monthsAhead: number;
  /** Rows per read when a partition is written to its archive file. */
  exportBatch: number;
}
export const DEFAULT_PARTITIONS_SCHEDULE: PartitionsSchedule = {
  everyMs: 60 * 60_000,
  monthsAhead: 3,
  exportBatch: 5_000,
};

/** The archive file's format, named in its manifest. */
export const ARCHIVE_FORMAT = 'winround-partition-archive/1';

/** The order a month's partitions are archived in: postings first (their opening balances), then what they name. */
export const ARCHIVE_ORDER = ['ledger_postings', 'events', 'bets', 'audit_log'] as const;
export type HistoryTable = (typeof ARCHIVE_ORDER)[number];
