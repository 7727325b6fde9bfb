import { Inject, Injectable, Logger, Optional, type OnModuleInit } from '@nestjs/common';
import { Gauge, Registry } from 'prom-client';
import { Database } from '@app/db';
import { checkLedger, type LedgerCheckReport } from './ledger-check.js';

/**
 * Runs the ledger checks, logs the outcome (an error log naming every difference: the alert) and exposes it as
 * metrics for alerting rules: `ledger_reconciliation_ok` (1/0), `ledger_reconciliation_differences`,
 * `ledger_reconciliation_last_run_seconds`.
 */
@Injectable()
export class ReconciliationService implements OnModuleInit {
  private readonly logger = new Logger('Reconciliation');
  private gauges?: { ok: Gauge; differences: Gauge; lastRun: Gauge };
  /** The latest report of this process (health checks, tests). */
  lastReport?: LedgerCheckReport;

  constructor(
    @Inject(Database) private readonly db: Database,
    // The engine's metrics registry (EngineMetricsModule); absent in a context without metrics (e.g. a bare test module).
    @Optional() @Inject(Registry) private readonly registry?: Registry,
  ) {}

  onModuleInit(): void {
    const registry = this.registry;
    if (!registry) return;
    const gauge = (name: string, help: string) =>
      (registry.getSingleMetric(name) as Gauge | undefined) ?? new Gauge({ name, help, registers: [registry] });
    this.gauges = {
      ok: gauge('ledger_reconciliation_ok', '1 when the last reconciliation found no difference, else 0'),
      differences: gauge('ledger_reconciliation_differences', 'Differences found by the last reconciliation'),
      lastRun: gauge('ledger_reconciliation_last_run_seconds', 'Unix time of the last reconciliation'),
    };
  }

  async run(): Promise<LedgerCheckReport> {
    const started = Date.now();
    const report = await checkLedger(this.db);
    this.lastReport = report;
    this.gauges?.ok.set(report.ok ? 1 : 0);
    this.gauges?.differences.set(report.differences);
    this.gauges?.lastRun.set(Math.floor(Date.now() / 1000));
    const fields = {
      differences: report.differences,
      postings: report.ledger.postings,
      wallets: report.ledger.wallets,
      total: report.ledger.total,
      houseAccounts: report.ledger.houseAccounts,
      payments: report.payments,
      ms: Date.now() - started,
    };
    if (report.ok) {
      this.logger.log({ msg: 'ledger reconciled', ...fields });
    } else {
      this.logger.error({
        msg: 'LEDGER DIFFERENCE: balances do not match the postings',
        alert: 'ledger-reconciliation',
        ...fields,
        unbalancedEntries: report.ledger.unbalancedEntries,
        walletMismatches: report.ledger.walletMismatches,
      });
    }
    return report;
  }
}
