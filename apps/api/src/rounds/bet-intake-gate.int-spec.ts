import { jest } from '@jest/globals';
import { eventually, sleep, startTestApi, type TestApi } from '@app/testing';
import { BetIntakeGate, INTAKE_PROBE_DEADLINE_MS, INTAKE_PROBE_EVERY_MS } from './bet-intake-gate.service.js';

/** The gate's own parts a test drives: a probe round now, and its log. */
interface GateInside {
  probeAll(): void;
  logger: { warn(message: unknown): void };
}

/** Holds this process's event loop for `ms`, as one long turn of a loaded api node does. */
function holdEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy: nothing else of this process runs, the servers' answers wait unread in their sockets
  }
}

describe('the bet intake gate: a node that stalls is not a Redis or Postgres that went silent', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it('keeps taking bets after its own event loop was held past the probes’ deadline, and judges the probes once it turns', async () => {
    const gate = api.app.get(BetIntakeGate);
    await eventually(async () => gate.closedBy() === null, 10_000, 'the intake open');
    const inside = gate as unknown as GateInside;
    const warn = jest.spyOn(inside.logger, 'warn');
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        // Probes under way (started now, or already by the timer), then the loop held well past their deadline: the
        // answers arrive meanwhile and wait in the connections.
        inside.probeAll();
        holdEventLoop(INTAKE_PROBE_DEADLINE_MS + 500);
        // A bet handled in the turn that ends the stall is taken in …
        expect(gate.closedBy()).toBeNull();
        // … and so are the later ones: the timer, late, restarts the probes' deadline and their answers open the
        // checks again; nothing refused bets in between.
        await sleep(INTAKE_PROBE_EVERY_MS * 3);
        expect(gate.closedBy()).toBeNull();
      }
      expect(warn.mock.calls.map(([message]) => message)).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it('still closes on a probe that is not answered while the loop turns', async () => {
    const gate = api.app.get(BetIntakeGate);
    await eventually(async () => gate.closedBy() === null, 10_000, 'the intake open');
    // Postgres held by a lock the probe waits on is what a hung server looks like to it; here the probe's own query
    // is made to hang by replacing it for one round.
    const inside = gate as unknown as GateInside & { probe(check: string, run: () => Promise<unknown>): void };
    const never = new Promise<unknown>(() => {});
    inside.probe('postgres', () => never);
    await eventually(
      async () => gate.closedBy() === 'postgres',
      INTAKE_PROBE_DEADLINE_MS + INTAKE_PROBE_EVERY_MS * 4,
      'the intake closed by the unanswered probe',
    );
  });
});
