import { Module } from '@nestjs/common';
import { CareSignalsModule } from './care/care-signals.module.js';
import { MailWorkerModule } from './mail/mail-worker.module.js';
import { PartitionsModule } from './partitions/partitions.module.js';
import { PlayThroughModule } from './play-through/play-through.module.js';
import { ReconciliationModule } from './reconciliation/reconciliation.module.js';
import { RetentionModule } from './retention/retention.module.js';

/**
 * The `workers` role: the background jobs (e-mail, reconciliation, play-through, care signals, bet-answer
 * retention, the money history's monthly partitions). Exports the mail worker's module, whose queue the engine's gauges count.
 */
@Module({
  imports: [
    MailWorkerModule,
    ReconciliationModule,
    PlayThroughModule,
    CareSignalsModule,
    RetentionModule,
    PartitionsModule,
  ],
  exports: [MailWorkerModule],
})
export class WorkersModule {}
