import { ConfigError, loadConfig } from '@app/config';
import { createDatabase } from '@app/db';
import { reportToJson } from '@app/ledger';
import { checkLedger, formatLedgerReport } from './ledger-check.js';

export interface ReconcileCliOptions {
  env: Record<string, string | undefined>;
  /** Print the report as JSON instead of text. */
  json?: boolean;
  out?: (text: string) => void;
  err?: (text: string) => void;
}

/**
 * `npm run reconcile`: rebuilds every balance from the postings, prints the report, and returns the exit code —
 * 0 when the books agree, 1 on any difference, 2 when the check could not run. Read-only.
 */
export async function runReconcileCli(options: ReconcileCliOptions): Promise<number> {
  const out = options.out ?? ((text: string) => process.stdout.write(`${text}\n`));
  const err = options.err ?? ((text: string) => process.stderr.write(`${text}\n`));
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(options.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      err(error.message);
      return 2;
    }
    throw error;
  }
  const url = config.DATABASE_URL;
  if (!url) {
    err('Invalid configuration: DATABASE_URL is not set (and no embedded Postgres of npm start is running)');
    return 2;
  }
  // Through PgBouncer in transaction mode (DATABASE_POOLER=transaction) no startup parameters are sent.
  const db = createDatabase(url, { max: 2, applicationName: 'winround-reconcile', pooler: config.DATABASE_POOLER });
  try {
    const report = await checkLedger(db);
    out(options.json ? reportToJson(report, 2) : formatLedgerReport(report));
    return report.ok ? 0 : 1;
  } catch (error) {
    err(`Reconciliation could not run: ${(error as Error).message}`);
    return 2;
  } finally {
    await db.destroy();
  }
}
