import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { RECONCILIATION_CONFIG_KEY } from '../reconciliation/reconciliation.constants.js';
import {
  CARE_SIGNALS_QUEUE,
  CARE_SIGNALS_SCHEDULE,
  CARE_SIGNALS_SCHEDULER_ID,
  type CareSignalsSchedule,
} from './care-signals.constants.js';
import { CareSignalsService, type CareSignalsReport } from './care-signals.service.js';

/** Looks at the players active since the last run and stores the patterns they show. Idempotent: see CareSignalsService. */
@Processor({ name: CARE_SIGNALS_QUEUE, configKey: RECONCILIATION_CONFIG_KEY }, { concurrency: 1 })
export class CareSignalsProcessor extends WorkerHost {
  constructor(@Inject(CareSignalsService) private readonly care: CareSignalsService) {
    super();
  }

  process(_job: Job): Promise<CareSignalsReport> {
    return this.care.run();
  }
}

/** Installs the repeatable job: a fixed scheduler id keeps one schedule however many engines start. */
@Injectable()
export class CareSignalsScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('CareSignals');

  constructor(
    @InjectQueue(CARE_SIGNALS_QUEUE) private readonly queue: Queue,
    @Inject(CARE_SIGNALS_SCHEDULE) private readonly schedule: CareSignalsSchedule,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      CARE_SIGNALS_SCHEDULER_ID,
      { every: this.schedule.everyMs },
      { name: 'care-signals', opts: { removeOnComplete: 50, removeOnFail: 200 } },
    );
    this.logger.log({ msg: 'care signals scheduled', everyMs: this.schedule.everyMs });
  }
}
