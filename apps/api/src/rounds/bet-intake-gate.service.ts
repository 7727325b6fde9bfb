import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { sql } from 'kysely';
import { Gauge, Registry } from 'prom-client';
import { Database } from '@app/db';
import { RedisService } from '@app/redis';

/** How often Redis and Postgres are probed, and how long a probe may take before the check counts as failed. */
export const INTAKE_PROBE_EVERY_MS = 250;
export const INTAKE_PROBE_DEADLINE_MS = 1_000;
/**
 * The probe timer this late means this process's own event loop was held up (a long turn under load): an answer may
 * be waiting unread in its connection, so no probe is judged by the clock until the loop turns again.
 */
export const INTAKE_LOOP_STALL_MS = 2 * INTAKE_PROBE_EVERY_MS;
/** How long start-up waits for the fail-fast Redis connection before it begins taking bets anyway. */
const READY_WAIT_MS = 5_000;

export type IntakeCheck = 'redis' | 'postgres';

interface CheckState {
  ok: boolean;
  /** The probe under way (at most one per check: a hung server never piles up probes), and when it started. */
  inflight?: Promise<unknown>;
  startedAt: number;
}

/**
 * Knows whether a bet could be taken in right now: Redis (where the command goes) and Postgres (where it is
 * applied) each answered a probe lately. While either is down a place-bet is refused at once with the spec's
 * failure message, instead of waiting on a queue and being charged or refused long after the player gave up.
 * Exported as `wr_bet_intake_open{check}` (1 open, 0 refusing).
 */
@Injectable()
export class BetIntakeGate implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BetIntakeGate');
  private readonly checks: Record<IntakeCheck, CheckState> = {
    redis: { ok: true, startedAt: 0 },
    postgres: { ok: true, startedAt: 0 },
  };
  private timer?: NodeJS.Timeout;
  /** When the probe timer last ran (0: not yet). */
  private tickedAt = 0;
  private readonly open: Gauge<'check'>;

  constructor(
    @Inject(RedisService) private readonly redis: RedisService,
    @Inject(Database) private readonly db: Database,
    @Inject(Registry) registry: Registry,
  ) {
    this.open =
      (registry.getSingleMetric('wr_bet_intake_open') as Gauge<'check'> | undefined) ??
      new Gauge({
        name: 'wr_bet_intake_open',
        help: 'Whether this api node takes bets in (1) or refuses them at once (0), by the check that decides',
        labelNames: ['check'],
        registers: [registry],
      });
    for (const check of ['redis', 'postgres'] as const) this.open.set({ check }, 1);
  }

  async onApplicationBootstrap(): Promise<void> {
    // Opens the fail-fast connection now, so it is ready before the first bet.
    const connection = this.redis.failFast;
    if (connection.status !== 'ready') {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          connection.off('ready', done);
          resolve();
        };
        const timer = setTimeout(done, READY_WAIT_MS);
        connection.once('ready', done);
      });
    }
    this.timer = setInterval(() => this.probeAll(), INTAKE_PROBE_EVERY_MS).unref();
    this.probeAll();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /**
   * The check that refuses bets right now, or null when bets can be taken in. A probe past its deadline closes the
   * intake at once, unless the probe timer is late: then this process's event loop is what held the answer up (it
   * may sit unread in the connection), and the timer judges the probe when the loop turns again.
   */
  closedBy(now = Date.now()): IntakeCheck | null {
    if (this.redis.failFast.status !== 'ready') return 'redis';
    const loopStalled = this.tickedAt > 0 && now - this.tickedAt > INTAKE_LOOP_STALL_MS;
    for (const check of ['redis', 'postgres'] as const) {
      const state = this.checks[check];
      if (!state.ok) return check;
      if (!loopStalled && state.inflight && now - state.startedAt > INTAKE_PROBE_DEADLINE_MS) return check;
    }
    return null;
  }

  private probeAll(): void {
    const now = Date.now();
    if (this.tickedAt > 0 && now - this.tickedAt > INTAKE_LOOP_STALL_MS) {
      // The loop was held up: the probes under way get their whole deadline from now, while their answers (if they
      // came meanwhile) are read in this very turn.
      for (const state of Object.values(this.checks)) if (state.inflight) state.startedAt = now;
    }
    this.tickedAt = now;
    this.probe('redis', () => this.redis.failFast.ping());
    this.probe('postgres', () => sql`SELECT 1`.execute(this.db));
  }

  private probe(check: IntakeCheck, run: () => Promise<unknown>): void {
    const state = this.checks[check];
    const now = Date.now();
    if (state.inflight) {
      // Still waiting: past the deadline it counts as down until it answers.
      if (now - state.startedAt > INTAKE_PROBE_DEADLINE_MS) this.set(check, false, 'no answer');
      return;
    }
    state.startedAt = now;
    // An answer, however late (a busy event loop delays it too), opens the check again; only an error, or no
    // answer past the deadline, closes it.
    const inflight = run().then(
      () => this.set(check, true, ''),
      (error: Error) => this.set(check, false, error.message),
    );
    state.inflight = inflight.finally(() => {
      if (state.inflight === tracked) state.inflight = undefined;
    });
    const tracked = state.inflight;
  }

  private set(check: IntakeCheck, ok: boolean, why: string): void {
    const state = this.checks[check];
    if (state.ok !== ok) {
      if (ok) this.logger.log({ msg: 'bet intake open again', check });
      else this.logger.warn({ msg: 'bet intake refusing bets', check, why });
    }
    state.ok = ok;
    this.open.set({ check }, ok ? 1 : 0);
  }
}
