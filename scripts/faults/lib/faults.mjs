// The faults, each injected for real into the running product. A fault's `run(ctx)` waits for its moment in the
// round, injects, brings back what a supervisor would bring back, and returns when it injected and when the fault
// cleared: the moment from which the product must answer every bet within 10 s and settle every period within
// 2 rounds.
//
// When a fault "clears": when the injected condition ends (Redis or Postgres answers again, the connection was
// cut, the duplicates were written, both engines are back), or, for one process of two failing (killed, paused),
// when the standby is due to have taken over: one lease TTL plus a second after the failure. A killed process is
// started again 5 s after it died, as a supervisor (compose's restart policy) would. While a dependency (`outage`)
// is down, a bet sent must be answered within 2 s (accepted, or refused with the spec's failure message).
import { Redis } from 'ioredis';
import { holderOf } from './product.mjs';
import { connect } from './database-facts.mjs';
import { sleep, waitUntil } from './services.mjs';

const SUPERVISOR_RESTART_MS = 5000;

async function withRedis(url, fn) {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return await fn(client);
  } finally {
    client.disconnect();
  }
}

/** The engine leading the round clock, and the one leading most bet partitions (from the leases in Redis). */
export async function leaders(ctx) {
  return withRedis(ctx.redis.url, async (redis) => {
    const clock = holderOf(ctx.product.engines, await redis.get('wr:lease:round-clock'));
    const tally = new Map();
    for (let p = 0; p < ctx.partitions; p++) {
      const holder = holderOf(ctx.product.engines, await redis.get(`wr:lease:bets:${p}`));
      if (holder) tally.set(holder, (tally.get(holder) ?? 0) + 1);
    }
    const bets = [...tally.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
    return { clock: clock ?? bets ?? ctx.product.engines[0], bets: bets ?? clock ?? ctx.product.engines[0] };
  });
}

/** The api node holding the most player sockets. */
function busiestApi(ctx) {
  const counts = ctx.load.socketsPerNode();
  return ctx.product.apis[counts.indexOf(Math.max(...counts))];
}

/** Restarts a killed process after the supervisor delay (not awaited by the fault; awaited before judging). */
function superviseRestart(ctx, processes) {
  const restart = (async () => {
    await sleep(SUPERVISOR_RESTART_MS);
    for (const p of processes)
      await p.start().catch((error) => ctx.log(`  restart of ${p.name} failed: ${error.message}`));
  })();
  ctx.pending.push(restart);
}

/** kill -9 the api node holding most sockets (its players reconnect to the other node); restarted later. */
async function killBusiestApi(ctx) {
  const api = busiestApi(ctx);
  const sockets = ctx.load.socketsPerNode();
  await api.kill();
  const injectedAt = Date.now();
  ctx.note(`killed ${api.name} (sockets per node ${sockets.join('/')}); its players reconnect to the other node`);
  superviseRestart(ctx, [api]);
  return { injectedAt, clearedAt: injectedAt };
}

const takeoverDeadline = (ctx, at) => at + ctx.leaseTtlMs + 1000;

export const FAULTS = [
  {
    name: 'engine-kill-intake',
    title: 'kill -9 the engine leading the bet partitions while bets come in',
    async run(ctx) {
      await ctx.waitFor('intake');
      const { bets } = await leaders(ctx);
      await bets.kill();
      const injectedAt = Date.now();
      ctx.note(`killed ${bets.name}`);
      superviseRestart(ctx, [bets]);
      return { injectedAt, clearedAt: takeoverDeadline(ctx, injectedAt) };
    },
  },
  {
    name: 'engine-kill-settlement',
    title: 'kill -9 the clock leader as the round ends (draw and settlement)',
    ci: true,
    async run(ctx) {
      const { clock } = await leaders(ctx);
      await ctx.waitFor('end', 120);
      await clock.kill();
      const injectedAt = Date.now();
      ctx.note(`killed ${clock.name}`);
      superviseRestart(ctx, [clock]);
      return { injectedAt, clearedAt: takeoverDeadline(ctx, injectedAt) };
    },
  },
  {
    name: 'engine-kill-after-commit',
    title: 'kill -9 the clock leader right after a settlement commits (before its results go out)',
    async run(ctx) {
      const { clock } = await leaders(ctx);
      const periodId = await ctx.waitFor('end', -200);
      const client = await connect(ctx.databaseUrl);
      let seen;
      try {
        seen = await waitUntil(
          async () =>
            (await client.query(`SELECT status FROM periods WHERE id = $1`, [periodId])).rows[0]?.status === 'SETTLED',
          {
            timeoutMs: 10_000,
            everyMs: 5,
          },
        );
      } finally {
        await client.end().catch(() => {});
      }
      await clock.kill();
      const injectedAt = Date.now();
      ctx.note(
        seen
          ? `killed ${clock.name} right after ${periodId} settled`
          : `${periodId} did not settle within 10 s; killed ${clock.name} anyway`,
      );
      superviseRestart(ctx, [clock]);
      return { injectedAt, clearedAt: takeoverDeadline(ctx, injectedAt) };
    },
  },
  {
    name: 'api-kill-intake',
    title: 'kill -9 the api node holding most sockets while bets come in',
    topologies: ['single', 'cluster'],
    async run(ctx) {
      await ctx.waitFor('intake');
      return killBusiestApi(ctx);
    },
  },
  {
    name: 'api-kill-results',
    title: 'kill -9 the api node holding most sockets as the round ends and its results go out',
    ci: true,
    async run(ctx) {
      await ctx.waitFor('end', -150);
      return killBusiestApi(ctx);
    },
  },
  {
    name: 'redis-restart',
    title: 'Redis killed while bets come in, back 3 s later with its data (AOF)',
    outage: 'Redis',
    async run(ctx) {
      await ctx.waitFor('intake');
      await ctx.redis.kill();
      const injectedAt = Date.now();
      await sleep(3000);
      await ctx.redis.start({ keepData: true });
      return { injectedAt, clearedAt: Date.now() };
    },
  },
  {
    name: 'redis-restart-empty',
    title: 'Redis killed just after the lock while the bet consumers are busy, back at once without its data',
    outage: 'Redis',
    async run(ctx) {
      // The consumers are kept busy over the lock (their batches wait on the bets table), so the fences appended at
      // the lock are still unread in Redis when its data is lost, as with a slower batch at that moment.
      const periodId = await ctx.waitFor('lock', -400);
      const holder = await connect(ctx.databaseUrl);
      let busy;
      let injectedAt;
      try {
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE bets IN EXCLUSIVE MODE');
        await sleep(Math.max(0, ctx.domain.periodLockMs(periodId, ctx.periodConfig) + 150 - Date.now()));
        busy = Number(
          (
            await holder.query(
              `SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%INSERT INTO bets%'`,
            )
          ).rows[0].n,
        );
        await ctx.redis.kill();
        injectedAt = Date.now();
        await sleep(500);
        await ctx.redis.start({ keepData: false });
      } finally {
        await holder.query('ROLLBACK').catch(() => {});
        await holder.end().catch(() => {});
      }
      ctx.note(`${busy} bet batches were waiting when Redis lost its data, just after the lock of ${periodId}`);
      return { injectedAt, clearedAt: Date.now() };
    },
  },
  {
    name: 'postgres-stop',
    title: 'Postgres stopped (immediate) while bets come in, back after 12 s',
    outage: 'Postgres',
    ci: true,
    async run(ctx) {
      await ctx.waitFor('intake', -1000);
      // Postgres is down once its backends are gone, which a connection held open shows: a few tens of milliseconds
      // after the stop is issued (pg_ctl starts, signals the server, which cuts its backends). A bet sent before
      // that may be in a batch whose COMMIT was in flight when the server died: its outcome is in doubt until the
      // server is back, so it is judged as every bet is (answered within 2 s of the recovery), not on the outage's
      // 2 s.
      const probe = await connect(ctx.databaseUrl);
      let downAt;
      const down = new Promise((resolve) => {
        const mark = () => resolve((downAt ??= Date.now()));
        probe.on('end', mark);
        probe.on('error', mark);
      });
      const issuedAt = Date.now();
      await ctx.postgres.stopImmediate();
      const injectedAt = await Promise.race([down, sleep(1000).then(() => downAt ?? Date.now())]);
      await probe.end().catch(() => {});
      await sleep(Math.max(0, issuedAt + ctx.postgresDownMs - Date.now()));
      await ctx.postgres.start();
      ctx.note(
        `Postgres down ${((Date.now() - injectedAt) / 1000).toFixed(1)} s, from ${injectedAt - issuedAt} ms after the stop was issued`,
      );
      return { injectedAt, clearedAt: Date.now() };
    },
  },
  {
    name: 'fence-connection-kill',
    title: "the connection of the batch carrying a period's fence is killed inside its transaction",
    ci: true,
    async run(ctx) {
      const periodId = await ctx.waitFor('lock', -400);
      // Hold the fence table so the batch that carries the fence waits inside its transaction, then kill that
      // batch's connection (pg_terminate_backend) and let the others through.
      const holder = await connect(ctx.databaseUrl);
      const observer = await connect(ctx.databaseUrl);
      let victim;
      try {
        await holder.query('BEGIN');
        await holder.query('LOCK TABLE partition_fences IN EXCLUSIVE MODE');
        victim = await waitUntil(
          async () =>
            (
              await observer.query(
                `SELECT pid, backend_xid IS NOT NULL AS wrote FROM pg_stat_activity
                 WHERE pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND query ILIKE '%INSERT INTO partition_fences%' ORDER BY pid LIMIT 1`,
              )
            ).rows[0],
          { timeoutMs: 4000, everyMs: 20 },
        );
        if (victim) await observer.query('SELECT pg_terminate_backend($1)', [victim.pid]);
      } finally {
        await holder.query('ROLLBACK').catch(() => {});
        await holder.end().catch(() => {});
        await observer.end().catch(() => {});
      }
      const injectedAt = Date.now();
      if (!victim) throw new Error(`no batch carrying the fence of ${periodId} was seen waiting within 4 s`);
      ctx.note(`terminated backend ${victim.pid} inside the fence batch of ${periodId}`);
      return { injectedAt, clearedAt: injectedAt };
    },
  },
  {
    name: 'leader-pause-8s',
    title: 'SIGSTOP of the leading engine for 8 s (past its lease), then SIGCONT',
    async run(ctx) {
      await ctx.waitFor('intake', -1000);
      const { clock } = await leaders(ctx);
      clock.pause();
      const injectedAt = Date.now();
      ctx.note(`paused ${clock.name}`);
      await sleep(8000);
      clock.resume();
      return { injectedAt, clearedAt: Math.min(Date.now(), takeoverDeadline(ctx, injectedAt)) };
    },
  },
  {
    name: 'leader-pause-25s',
    title: 'SIGSTOP of the leading engine for 25 s, then SIGCONT',
    async run(ctx) {
      await ctx.waitFor('intake', -1000);
      const { clock } = await leaders(ctx);
      clock.pause();
      const injectedAt = Date.now();
      ctx.note(`paused ${clock.name}`);
      await sleep(25_000);
      clock.resume();
      return { injectedAt, clearedAt: takeoverDeadline(ctx, injectedAt) };
    },
  },
  {
    name: 'stream-duplicates',
    title: 'every recent bet command delivered twice (XADD duplicates of the last entries of each partition)',
    async run(ctx) {
      await ctx.waitFor('intake', 2000);
      let copied = 0;
      await withRedis(ctx.redis.url, async (redis) => {
        for (let p = 0; p < ctx.partitions; p++) {
          const key = `wr:bets:cmd:${p}`;
          for (const [, fields] of (await redis.xrevrange(key, '+', '-', 'COUNT', 60)).reverse()) {
            if (fields[0] !== 'c') continue;
            await redis.xadd(key, '*', ...fields);
            copied++;
          }
        }
      });
      const injectedAt = Date.now();
      ctx.note(`${copied} commands appended a second time`);
      return { injectedAt, clearedAt: injectedAt };
    },
  },
  {
    name: 'stream-rewind',
    title: 'the consumer group rewound 20 s (XGROUP SETID): commands and fences delivered again',
    async run(ctx) {
      await ctx.waitFor('intake', 2000);
      const back = `${Date.now() - 20_000}-0`;
      await withRedis(ctx.redis.url, async (redis) => {
        for (let p = 0; p < ctx.partitions; p++)
          await redis.xgroup('SETID', `wr:bets:cmd:${p}`, 'bet-processors', back);
      });
      const injectedAt = Date.now();
      ctx.note(`group set back to ${back} on ${ctx.partitions} partitions`);
      return { injectedAt, clearedAt: injectedAt };
    },
  },
  {
    name: 'engines-down',
    title: 'both engines killed for longer than a round, then started again',
    async run(ctx) {
      await ctx.waitFor('intake');
      await Promise.all(ctx.product.engines.map((e) => e.kill()));
      const injectedAt = Date.now();
      await sleep(ctx.roundMs + 10_000);
      await Promise.all(ctx.product.engines.map((e) => e.start()));
      ctx.note(`both engines down ${((Date.now() - injectedAt) / 1000).toFixed(1)} s (until healthy again)`);
      return { injectedAt, clearedAt: Date.now() };
    },
  },
  // ── the cluster topology (--topology cluster): Redis Cluster, a streaming replica for reads, PgBouncer ──
  {
    name: 'redis-master-kill',
    title:
      "kill -9 the Redis Cluster master holding a bet partition's stream while bets come in; its replica takes over",
    topologies: ['cluster'],
    outage: 'a Redis master',
    // Unlike a whole Redis down (the intake closes and refuses at once), one master lost leaves the intake open: a bet
    // whose partition stream is on it is answered when its hand-off gives up (HANDOFF_DEADLINE_MS, 1 s), one whose
    // batch cannot claim it (the player's arbiter key is on it) when the watch refuses it (BET_ANSWER_TIMEOUT_MS, 1.5
    // s, then the arbiter's 200-ms deadline and the database's answer).
    answerWithinMs: 2500,
    async run(ctx) {
      await ctx.waitFor('intake', -1000);
      const stream = 'wr:{p0}:bets:cmd:0';
      const cluster = ctx.redisCluster;
      const port = cluster.masterOf(stream);
      if (!port) throw new Error(`no master serves ${stream}`);
      await cluster.kill(port);
      const injectedAt = Date.now();
      // Cleared once another node serves the partition's slot (its replica promoted after cluster-node-timeout).
      const promoted = await waitUntil(
        () => {
          const now = cluster.masterOf(stream);
          return now !== null && now !== port && cluster.alive(now);
        },
        { timeoutMs: 30_000, everyMs: 500 },
      );
      if (!promoted) throw new Error(`no replica took over ${stream} from :${port} within 30 s`);
      const clearedAt = Date.now();
      ctx.note(
        `killed master :${port} (serving ${stream}); :${cluster.masterOf(stream)} took over after ${((clearedAt - injectedAt) / 1000).toFixed(1)} s; the old master rejoins as a replica 5 s later`,
      );
      ctx.pending.push(
        (async () => {
          await sleep(SUPERVISOR_RESTART_MS);
          await cluster.restart(port);
        })(),
      );
      return { injectedAt, clearedAt };
    },
  },
  {
    name: 'postgres-replica-kill',
    title:
      'the streaming replica crashes (immediate stop) while bets come in and players read their history; back after 10 s',
    topologies: ['cluster'],
    async run(ctx) {
      await ctx.waitFor('intake', -1000);
      const reads = readWhile(ctx);
      await ctx.replica.stopImmediate();
      const injectedAt = Date.now();
      await sleep(10_000);
      await ctx.replica.start();
      const clearedAt = Date.now();
      // Reads go on a little after the replica is back (the api nodes return to it at their next check).
      await sleep(3000);
      const outcome = await reads.stop();
      const late = outcome.failed.filter((f) => f.at > injectedAt + REPLICA_SWITCH_MS);
      ctx.note(
        `replica down ${((clearedAt - injectedAt) / 1000).toFixed(1)} s; ${outcome.ok} reads answered, ${outcome.failed.length} failed (${outcome.failed.length - late.length} within ${REPLICA_SWITCH_MS} ms of the crash)`,
      );
      return {
        injectedAt,
        clearedAt,
        failures: late.length
          ? [
              `${late.length} reads failed more than ${REPLICA_SWITCH_MS} ms after the replica crashed, e.g. ${late[0].what}`,
            ]
          : [],
      };
    },
  },
  {
    name: 'pgbouncer-restart',
    title: 'PgBouncer killed (-9) while bets come in, started again 3 s later',
    topologies: ['cluster'],
    outage: 'PgBouncer',
    async run(ctx) {
      await ctx.waitFor('intake', -1000);
      await ctx.pgbouncer.kill();
      const injectedAt = Date.now();
      await sleep(3000);
      await ctx.pgbouncer.restart();
      const clearedAt = Date.now();
      ctx.note(`PgBouncer down ${((clearedAt - injectedAt) / 1000).toFixed(1)} s`);
      return { injectedAt, clearedAt };
    },
  },
];

/** Reads routed to the replica fall back to the primary within this long of its crash (the monitor checks every second). */
const REPLICA_SWITCH_MS = 1500;

/**
 * Players' and visitors' reads that go to the read replica (a player's bet history and transactions, the public
 * fairness list), sent to every live api node every 250 ms until `stop()`: how many were answered, and which failed.
 */
function readWhile(ctx) {
  const player = ctx.load.players.find((p) => !p.poor) ?? ctx.load.players[0];
  const paths = [
    ['/api/v1/bet?page=1&limit=10', true],
    ['/api/v1/wallet/transactions?page=1&limit=10', true],
    ['/api/v1/fairness', false],
  ];
  let ok = 0;
  const failed = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const at = Date.now();
      await Promise.all(
        ctx.product.apis
          .filter((api) => api.alive)
          .flatMap((api) =>
            paths.map(async ([path, signedIn]) => {
              const headers = { 'x-api-key': ctx.product.env.API_KEY };
              if (signedIn) headers.authorization = `Bearer ${player.token}`;
              try {
                const res = await fetch(`${api.url}${path}`, { headers, signal: AbortSignal.timeout(5000) });
                if (res.ok) ok++;
                else failed.push({ at, what: `${api.name} ${path} → ${res.status}` });
              } catch (error) {
                failed.push({ at, what: `${api.name} ${path} → ${error.name}` });
              }
            }),
          ),
      );
      await sleep(Math.max(0, at + 250 - Date.now()));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { ok, failed };
    },
  };
}
