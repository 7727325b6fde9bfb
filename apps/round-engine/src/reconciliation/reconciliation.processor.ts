import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { LedgerCheckReport } from './ledger-check.js';
import { RECONCILIATION_CONFIG_KEY, RECONCILIATION_QUEUE } from './reconciliation.constants.js';
import { ReconciliationService } from './reconciliation.service.js';

/**
 * Runs the periodic ledger reconciliation. Idempotent: the job only reads (in one repeatable-read snapshot), so
 * a retried or duplicated run just reports again.
 */
@Processor({ name: RECONCILIATION_QUEUE, configKey: RECONCILIATION_CONFIG_KEY }, { concurrency: 1 })
export class ReconciliationProcessor extends WorkerHost {
  constructor(@Inject(ReconciliationService) private readonly reconciliation: ReconciliationService) {
    super();
  }

  async process(_job: Job): Promise<Pick<LedgerCheckReport, 'ok' | 'differences' | 'checkedAt'>> {
    const report = await this.reconciliation.run();
    return { ok: report.ok, differences: report.differences, checkedAt: report.checkedAt };
  }
}
