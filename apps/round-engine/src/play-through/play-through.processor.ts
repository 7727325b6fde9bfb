import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { RECONCILIATION_CONFIG_KEY } from '../reconciliation/reconciliation.constants.js';
import {
  PLAY_THROUGH_QUEUE,
  PLAY_THROUGH_SCHEDULE,
  PLAY_THROUGH_SCHEDULER_ID,
  type PlayThroughSchedule,
} from './play-through.constants.js';
import { PlayThroughService, type PlayThroughReport } from './play-through.service.js';

/** Runs the play-through rules (bonus release and expiry, referral grants). Idempotent: see PlayThroughService. */
@Processor({ name: PLAY_THROUGH_QUEUE, configKey: RECONCILIATION_CONFIG_KEY }, { concurrency: 1 })
export class PlayThroughProcessor extends WorkerHost {
  constructor(@Inject(PlayThroughService) private readonly playThrough: PlayThroughService) {
    super();
  }

  process(_job: Job): Promise<PlayThroughReport> {
    return this.playThrough.run();
  }
}

/** Installs the repeatable job: a fixed scheduler id keeps one schedule however many engines start. */
@Injectable()
export class PlayThroughScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger('PlayThrough');

  constructor(
    @InjectQueue(PLAY_THROUGH_QUEUE) private readonly queue: Queue,
    @Inject(PLAY_THROUGH_SCHEDULE) private readonly schedule: PlayThroughSchedule,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      PLAY_THROUGH_SCHEDULER_ID,
      { every: this.schedule.everyMs },
      { name: 'play-through', opts: { removeOnComplete: 50, removeOnFail: 200 } },
    );
    this.logger.log({ msg: 'play-through scheduled', everyMs: this.schedule.everyMs });
  }
}
