import type pg from 'pg';
import { transactionSettings } from './database.js';
import { parseLsn, ReplicaMonitor, type ReplicaState } from './read-database.js';

/** A pool answering the monitor's one query with `answer()` (or failing with it). */
function pool(answer: () => Record<string, unknown>): pg.Pool {
  return { query: async () => ({ rows: [answer()] }) } as unknown as pg.Pool;
}

describe('ReplicaMonitor', () => {
  let now = 0;
  let primaryLsn = '0/100';
  let replica: { standby: boolean; lsn: string | null; since_ms: number | null } | Error = {
    standby: true,
    lsn: '0/100',
    since_ms: 10,
  };
  const changes: ReplicaState[] = [];
  const monitor = () =>
    new ReplicaMonitor({
      primary: pool(() => ({ lsn: primaryLsn })),
      replica: pool(() => {
        if (replica instanceof Error) throw replica;
        return replica;
      }),
      maxLagMs: 5000,
      now: () => now,
      onChange: (state) => changes.push(state),
    });

  beforeEach(() => {
    now = 1_000_000;
    primaryLsn = '0/100';
    replica = { standby: true, lsn: '0/100', since_ms: 10 };
    changes.length = 0;
  });

  it('reads WAL positions as bytes', () => {
    expect(parseLsn('0/100')).toBe(256n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
  });

  it('sends reads to the replica while it has replayed what the primary had, an idle primary included', async () => {
    const m = monitor();
    expect(m.state.replica).toBe(false);
    expect(await m.check()).toEqual({ replica: true, lagMs: 0, reason: 'within bound' });
    // An hour of an idle primary: nothing is missing, whatever the last replayed commit's age.
    now += 3_600_000;
    replica = { standby: true, lsn: '0/100', since_ms: 3_600_000 };
    expect((await m.check()).lagMs).toBe(0);
    expect(changes).toHaveLength(1);
  });

  it('counts the lag from the oldest WAL the replica lacks, and goes back to the primary past the bound', async () => {
    const m = monitor();
    await m.check();
    // The primary writes on; the replica replays nothing more.
    for (let s = 1; s <= 5; s++) {
      now += 1000;
      primaryLsn = `0/${(0x100 + s * 0x10).toString(16)}`;
      expect((await m.check()).lagMs).toBe((s - 1) * 1000);
    }
    expect(m.state.replica).toBe(true);
    now += 2000;
    primaryLsn = '0/200';
    expect(await m.check()).toEqual({ replica: false, lagMs: 6000, reason: 'lagging' });
    // It catches up with part of it: the lag is the age of the oldest WAL still missing.
    replica = { standby: true, lsn: '0/140', since_ms: 0 };
    expect(await m.check()).toEqual({ replica: true, lagMs: 2000, reason: 'within bound' });
    replica = { standby: true, lsn: '0/200', since_ms: 0 };
    expect((await m.check()).lagMs).toBe(0);
    expect(changes.map((c) => c.reason)).toEqual(['within bound', 'lagging', 'within bound']);
  });

  it('does not trust a replica behind what the primary had at the first check beyond its last replayed commit', async () => {
    replica = { standby: true, lsn: '0/80', since_ms: 600_000 };
    expect(await monitor().check()).toEqual({ replica: false, lagMs: 600_000, reason: 'lagging' });
    replica = { standby: true, lsn: null, since_ms: null };
    expect((await monitor().check()).replica).toBe(false);
  });

  it('treats an unreachable replica as down and a server out of recovery as without lag', async () => {
    const m = monitor();
    replica = new Error('connection refused');
    expect(await m.check()).toEqual({ replica: false, lagMs: null, reason: 'unreachable' });
    replica = { standby: false, lsn: null, since_ms: null };
    expect((await m.check()).replica).toBe(true);
  });
});

describe('transactionSettings', () => {
  it('sets the planner cost and the given limits, whole milliseconds', () => {
    expect(transactionSettings()).toBe('set local random_page_cost = 1.1');
    expect(
      transactionSettings({ lockTimeoutMs: 2000, idleInTransactionTimeoutMs: 2000, statementTimeoutMs: 15000 }),
    ).toBe(
      'set local random_page_cost = 1.1; set local lock_timeout = 2000; ' +
        'set local idle_in_transaction_session_timeout = 2000; set local statement_timeout = 15000',
    );
  });
});
