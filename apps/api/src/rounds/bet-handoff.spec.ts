import type { Logger } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import { DeadlineExceeded, RedisKeys, type RedisService } from '@app/redis';
import type { BetIntakeGate } from './bet-intake-gate.service.js';
import { HANDOFF_DEADLINE_MS, StreamHandoff } from './bet-handoff.js';
import type { BetOutcomesService } from './bet-outcomes.service.js';

const quiet = { warn: () => undefined, error: () => undefined, log: () => undefined } as unknown as Logger;

describe('a hand-off that gets no reply (a Redis Cluster master lost, not yet replaced)', () => {
  it('gives up after HANDOFF_DEADLINE_MS, so the player is answered (recover decides) instead of waiting', async () => {
    // A cluster connection retrying the lost master's command: the pipeline's reply never comes.
    const silent = {
      isCluster: true,
      pipeline: () => ({ xadd: () => undefined, exec: () => new Promise(() => undefined) }),
    };
    const redis = { failFast: silent, keys: new RedisKeys('wr:', { cluster: true }) } as unknown as RedisService;
    const handoff = new StreamHandoff({
      config: { BET_PARTITIONS: 4, BET_ANSWER_TIMEOUT_MS: 1500 } as AppConfig,
      redis,
      gate: { closedBy: () => null } as unknown as BetIntakeGate,
      outcomes: {} as BetOutcomesService,
      delivery: () => null,
      logger: quiet,
    });
    const started = Date.now();
    try {
      await expect(
        handoff.handOn(
          {
            id: '0192f0a0-0000-7000-8000-000000000001',
            userId: '0192f0a0-0000-7000-8000-000000000002',
            periodId: '202611230001',
            betType: 'color',
            betValue: 'red',
            amount: 1000,
          },
          started,
        ),
      ).rejects.toBeInstanceOf(DeadlineExceeded);
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(HANDOFF_DEADLINE_MS - 20);
      expect(waited).toBeLessThan(HANDOFF_DEADLINE_MS + 500);
      // Nothing watched: the intake's recover path answers this bet.
      expect(handoff.watch.waiting).toBe(0);
    } finally {
      handoff.stop();
    }
  });
});
