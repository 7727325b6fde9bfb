// What the database says after a fault (read-only SQL against the suite's own cluster), and a monitor that
// records when each period first became final (settled or refunded).
import pg from 'pg';

/** A client that never hangs the suite: short connect timeout, statement timeout, errors swallowed on idle. */
export async function connect(url) {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 3000,
    statement_timeout: 20_000,
    application_name: 'winround-faults',
  });
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** Runs `fn(client)` on a fresh connection (the cluster may have restarted since the last one). */
export async function withClient(url, fn) {
  const client = await connect(url);
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** The ledger: total, unbalanced entries, wallets that differ from their postings, negatives, stakes held, stake entries that differ from their bets. */
export async function ledgerFacts(client) {
  const one = async (text) => (await client.query(text)).rows[0];
  const total = await one(`SELECT coalesce(sum(amount), 0)::text AS v FROM ledger_postings`);
  const unbalanced = await one(
    `SELECT count(*)::int AS v FROM (SELECT event_seq FROM ledger_postings GROUP BY event_seq HAVING sum(amount) <> 0) x`,
  );
  const mismatches = await one(`
    WITH p AS (
      SELECT split_part(account, ':', 2)::uuid AS user_id,
             sum(amount) FILTER (WHERE account LIKE '%:main') AS main,
             sum(amount) FILTER (WHERE account LIKE '%:bonus') AS bonus
      FROM ledger_postings WHERE account LIKE 'user:%' GROUP BY 1
    )
    SELECT count(*)::int AS v FROM wallets w LEFT JOIN p ON p.user_id = w.user_id
    WHERE w.main <> coalesce(p.main, 0) OR w.bonus <> coalesce(p.bonus, 0)`);
  const negative = await one(`SELECT count(*)::int AS v FROM wallets WHERE main < 0 OR bonus < 0`);
  const stakes = await one(
    `SELECT coalesce(sum(amount), 0)::text AS v FROM ledger_postings WHERE account = 'house:stakes'`,
  );
  const pending = await one(`SELECT coalesce(sum(amount), 0)::text AS v FROM bets WHERE status = 'PENDING'`);
  // Each batch's stake entry (BetsPlaced) moves exactly its bets' stakes: per player, bonus and main as each bet took
  // them, and their sum into house:stakes.
  const stakeEntries = await one(`
    WITH owed AS (
      SELECT placed_seq AS seq, 'user:' || user_id || ':bonus' AS account, -sum(from_bonus) AS amount FROM bets WHERE placed_seq IS NOT NULL GROUP BY 1, 2
      UNION ALL SELECT placed_seq, 'user:' || user_id || ':main', -sum(amount - from_bonus) FROM bets WHERE placed_seq IS NOT NULL GROUP BY 1, 2
      UNION ALL SELECT placed_seq, 'house:stakes', sum(amount) FROM bets WHERE placed_seq IS NOT NULL GROUP BY 1, 2
    ), posted AS (
      SELECT p.event_seq AS seq, p.account, sum(p.amount) AS amount
      FROM ledger_postings p JOIN events e ON e.seq = p.event_seq AND e.type = 'BetsPlaced' GROUP BY 1, 2
    )
    SELECT count(DISTINCT coalesce(o.seq, p.seq))::int AS v
    FROM owed o FULL JOIN posted p ON p.seq = o.seq AND p.account = o.account
    WHERE coalesce(o.amount, 0) <> coalesce(p.amount, 0)`);
  return {
    total: Number(total.v),
    unbalancedEntries: unbalanced.v,
    walletMismatches: mismatches.v,
    negativeWallets: negative.v,
    stakes: Number(stakes.v),
    pendingStakes: Number(pending.v),
    stakeEntryMismatches: stakeEntries.v,
  };
}

/**
 * The facts `analyseFault` needs: stored bets of the window's periods and of the acknowledged ids, the stake
 * entries (BetsPlaced) per acknowledged id, the window's periods with their settlement/refund event count, and the ledger.
 */
export async function faultFacts(client, { periodIds, ackIds }) {
  const { rows: bets } = await client.query(
    `SELECT id::text, user_id::text, period_id, bet_type, status FROM bets WHERE period_id = ANY($1::text[]) OR id = ANY($2::uuid[])`,
    [periodIds, ackIds],
  );
  // A bet's stake is taken by the one BetsPlaced journal entry of the batch that placed it (bets.placed_seq).
  const { rows: placed } = await client.query(
    `SELECT b.id::text AS id, count(*)::int AS n FROM bets b JOIN events e ON e.seq = b.placed_seq AND e.type = 'BetsPlaced'
     WHERE b.id = ANY($1::uuid[]) GROUP BY 1`,
    [ackIds],
  );
  const { rows: periods } = await client.query(
    `SELECT p.id, p.status, extract(epoch FROM p.end_at) * 1000 AS end_ms,
            (SELECT count(*)::int FROM events e WHERE e.stream = 'period:' || p.id AND e.type IN ('PeriodSettled', 'PeriodRefunded')) AS outcome_events
     FROM periods p WHERE p.id = ANY($1::text[])`,
    [periodIds],
  );
  return {
    bets,
    placedEvents: Object.fromEntries(placed.map((r) => [r.id, r.n])),
    periods: periods.map((p) => ({
      id: p.id,
      status: p.status,
      endAt: Number(p.end_ms),
      outcomeEvents: p.outcome_events,
    })),
    ledger: await ledgerFacts(client),
  };
}

/**
 * Polls the periods table every `everyMs` and records when each period was first seen SETTLED or REFUNDED, and
 * the status of each period at every poll (tolerates the database being down: a poll that fails is skipped).
 */
export class PeriodMonitor {
  constructor(url, everyMs = 500) {
    this.url = url;
    this.everyMs = everyMs;
    this.finalSeenAt = {};
    this.status = {};
    this.client = null;
    this.timer = null;
    this.busy = false;
  }

  start() {
    this.timer = setInterval(() => void this.poll(), this.everyMs);
  }

  async poll() {
    if (this.busy) return;
    this.busy = true;
    try {
      if (!this.client) this.client = await connect(this.url);
      const { rows } = await this.client.query(
        `SELECT id, status FROM periods WHERE end_at > now() - interval '30 minutes'`,
      );
      const now = Date.now();
      for (const { id, status } of rows) {
        this.status[id] = status;
        if ((status === 'SETTLED' || status === 'REFUNDED') && !this.finalSeenAt[id]) this.finalSeenAt[id] = now;
      }
    } catch {
      const client = this.client;
      this.client = null;
      await client?.end().catch(() => {});
    } finally {
      this.busy = false;
    }
  }

  async stop() {
    clearInterval(this.timer);
    await this.client?.end().catch(() => {});
    this.client = null;
  }
}
