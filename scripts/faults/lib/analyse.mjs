// The verdict on one fault, from what the players recorded and what the database holds afterwards. Pure: no I/O
// (scripts/faults/lib/analyse.spec.ts).

const FINAL = new Set(['SETTLED', 'REFUNDED']);

/** How many of `items` satisfy `predicate`. */
const count = (items, predicate) => items.reduce((n, item) => n + (predicate(item) ? 1 : 0), 0);

/**
 * @param {object} input
 * @param {number} input.clearedAt      when the fault cleared (epoch ms)
 * @param {number} input.roundMs        round length
 * @param {number} [input.answerWithinMs=10000]  every bet is answered this soon after max(sent, cleared)
 * @param {number} [input.stuckRounds=2]         a period is final this many rounds after max(end, cleared)
 * @param {{ from: number, to: number, answerWithinMs: number, what: string }} [input.outage]  while a dependency is down,
 *   a bet sent is answered this soon (the spec's failure message, or accepted)
 * @param {Array<{ key: string, playerId: string, periodId: string, betType: string, sentAt: number, commandId: string|null,
 *   answers: Array<{ at: number, success: boolean, message: string, betId: string|null }> }>} input.bets
 * @param {Array<{ playerId: string, betId: string|null, periodId: string|null, at: number, repeat?: boolean }>} input.results
 *   bet-results received during the fault's phase; `repeat` when the player had received one for that bet before
 * @param {Array<{ playerId: string, periodId: string, at: number, repeat?: boolean }>} input.refundNotices
 * @param {Array<object>} [input.unmatched]   answers that fit no bet sent in this phase (a repeat of an old answer)
 * @param {object} input.db
 * @param {Array<{ id: string, user_id: string, period_id: string, bet_type: string, status: string }>} input.db.bets  stored bets of the phase's periods and of every acknowledged id
 * @param {Record<string, number>} input.db.placedEvents   stake entries (BetsPlaced) per acknowledged bet id
 * @param {Array<{ id: string, status: string, endAt: number, outcomeEvents: number }>} input.db.periods  stored periods of the window
 * @param {string[]} input.db.expectedPeriodIds   every period id the clock had to run in the window
 * @param {Record<string, number>} input.db.finalSeenAt   when each period was first seen SETTLED or REFUNDED
 * @param {{ total: number, unbalancedEntries: number, walletMismatches: number, negativeWallets: number, stakes: number, pendingStakes: number, stakeEntryMismatches: number }} input.db.ledger
 * @param {number} input.now
 */
export function analyseFault(input) {
  const { clearedAt, roundMs, bets, results, refundNotices, db, now } = input;
  const answerWithinMs = input.answerWithinMs ?? 10_000;
  const stuckRounds = input.stuckRounds ?? 2;
  const unmatched = input.unmatched ?? [];
  const failures = [];
  const examples = {};
  const fail = (label, items, show = (x) => x) => {
    if (items.length === 0) return;
    failures.push(`${items.length} ${label}`);
    examples[label] = items.slice(0, 5).map(show);
  };

  // ── money ──
  const { ledger } = db;
  const ledgerOk = ledger.total === 0 && ledger.unbalancedEntries === 0;
  if (!ledgerOk)
    failures.push(
      `ledger does not sum to zero (total ${ledger.total}, ${ledger.unbalancedEntries} unbalanced entries)`,
    );
  if (ledger.walletMismatches > 0)
    failures.push(`${ledger.walletMismatches} wallet balances differ from their postings`);
  if (ledger.negativeWallets > 0) failures.push(`${ledger.negativeWallets} negative balances`);
  if (ledger.stakes !== ledger.pendingStakes)
    failures.push(`house:stakes holds ${ledger.stakes} paise but pending bets stake ${ledger.pendingStakes}`);
  if (ledger.stakeEntryMismatches > 0)
    failures.push(`${ledger.stakeEntryMismatches} stake entries whose postings differ from their bets' stakes`);
  const moneyOk =
    ledgerOk &&
    ledger.walletMismatches === 0 &&
    ledger.negativeWallets === 0 &&
    ledger.stakes === ledger.pendingStakes &&
    ledger.stakeEntryMismatches === 0;

  // ── answers ──
  // A fault judged on no bets proves nothing (the players could not connect, or did not bet).
  if (bets.length === 0) failures.push('no bet was placed during the fault');
  const storedById = new Map(db.bets.map((b) => [b.id, b]));
  const storedByKey = new Map(db.bets.map((b) => [`${b.user_id}|${b.period_id}|${b.bet_type}`, b]));
  const answered = bets.filter((b) => b.answers.length > 0);
  const due = (b) => Math.max(b.sentAt, clearedAt);
  const firstAt = (b) => Math.min(...b.answers.map((a) => a.at));
  const late = answered.filter((b) => firstAt(b) > due(b) + answerWithinMs);
  const never = bets.filter((b) => b.answers.length === 0);
  const duplicateAnswers = bets.reduce((n, b) => n + Math.max(0, b.answers.length - 1), 0) + unmatched.length;
  const maxDelayMs = answered.reduce((max, b) => Math.max(max, firstAt(b) - due(b)), 0);
  const describeBet = (b) =>
    `${b.playerId.slice(0, 8)} ${b.periodId} ${b.betType} sent ${new Date(b.sentAt).toISOString().slice(11, 23)}`;
  fail(
    `bets answered more than ${answerWithinMs / 1000} s after recovery`,
    late,
    (b) => `${describeBet(b)} answered after ${((firstAt(b) - due(b)) / 1000).toFixed(1)} s`,
  );
  fail('bets never answered', never, describeBet);
  if (duplicateAnswers > 0) failures.push(`${duplicateAnswers} duplicate answers`);
  const outage = input.outage;
  const duringOutage = outage ? bets.filter((b) => b.sentAt >= outage.from && b.sentAt < outage.to) : [];
  const slowDuringOutage = duringOutage.filter(
    (b) => b.answers.length === 0 || firstAt(b) - b.sentAt > outage.answerWithinMs,
  );
  if (outage) {
    fail(
      `bets sent while ${outage.what} was down not answered within ${outage.answerWithinMs / 1000} s`,
      slowDuringOutage,
      (b) =>
        `${describeBet(b)} ${b.answers.length ? `answered after ${((firstAt(b) - b.sentAt) / 1000).toFixed(1)} s` : 'never answered'}`,
    );
  }

  const accepted = bets.filter((b) => b.answers.some((a) => a.success));
  const refused = bets.filter((b) => b.answers.length > 0 && b.answers.every((a) => !a.success));
  fail(
    'bets answered both accepted and refused',
    accepted.filter((b) => b.answers.some((a) => !a.success)),
    describeBet,
  );
  // A player told "placed" is shown the bet: an accepted answer carries it (its id is the bet's).
  fail(
    'acknowledged bets whose answers did not carry the bet',
    accepted.filter((b) => !b.answers.some((a) => a.success && a.betId)),
    (b) => {
      const other = storedByKey.get(`${b.playerId}|${b.periodId}|${b.betType}`);
      return `${describeBet(b)} (command ${b.commandId}; ${other ? `stored as ${other.id}, ${other.status}` : 'no bet of that player, period and game stored'})`;
    },
  );
  const ackId = (b) => b.answers.find((a) => a.success && a.betId)?.betId ?? b.commandId;
  // Said in full (the command, the bet id acknowledged, what the database holds for that player, period and game):
  // a bet stored under another id and one not stored at all are different faults.
  fail(
    'acknowledged bets not stored',
    accepted.filter((b) => b.answers.some((a) => a.success && a.betId) && !storedById.has(ackId(b))),
    (b) => {
      const other = storedByKey.get(`${b.playerId}|${b.periodId}|${b.betType}`);
      const answers = b.answers.map((a) => `${a.success ? 'accepted' : 'refused'} ${a.betId ?? '-'}`).join(', ');
      return `${describeBet(b)} (command ${b.commandId}; answers: ${answers}; ${other ? `stored as ${other.id}, ${other.status}` : 'no bet of that player, period and game stored'})`;
    },
  );
  fail(
    'acknowledged bets stored more than once',
    accepted.filter((b) => (db.placedEvents[ackId(b)] ?? 0) > 1),
    describeBet,
  );
  fail(
    'acknowledged bets whose stake no journal entry took',
    accepted.filter((b) => storedById.has(ackId(b)) && (db.placedEvents[ackId(b)] ?? 0) === 0),
    describeBet,
  );
  fail(
    'acknowledged bets neither settled nor refunded',
    accepted.filter(
      (b) => storedById.has(ackId(b)) && !['COMPLETED', 'REFUNDED'].includes(storedById.get(ackId(b)).status),
    ),
    describeBet,
  );
  // A player bets once per game per round: a stored bet of that player, round and game is the refused bet.
  const storedOf = (b) => (b.commandId ? storedById.get(b.commandId) : undefined) ?? storedByKey.get(b.key);
  fail(
    'refused bets stored',
    refused.filter((b) => storedOf(b)),
    describeBet,
  );

  // ── periods ──
  const periodById = new Map(db.periods.map((p) => [p.id, p]));
  fail(
    'periods never opened (a gap)',
    db.expectedPeriodIds.filter((id) => !periodById.has(id)),
  );
  const window = db.expectedPeriodIds.map((id) => periodById.get(id)).filter(Boolean);
  fail(
    'periods neither settled nor refunded',
    window.filter((p) => !FINAL.has(p.status)),
    (p) => `${p.id} ${p.status}`,
  );
  fail(
    'periods settled or refunded more than once',
    window.filter((p) => p.outcomeEvents > 1),
    (p) => p.id,
  );
  const inconsistent = db.bets.filter((b) => {
    const p = periodById.get(b.period_id);
    return (
      p &&
      ((p.status === 'SETTLED' && b.status !== 'COMPLETED') || (p.status === 'REFUNDED' && b.status !== 'REFUNDED'))
    );
  });
  fail('bets whose status does not match their period', inconsistent, (b) => `${b.id} ${b.status} in ${b.period_id}`);
  const stuck = window.filter(
    (p) => (db.finalSeenAt[p.id] ?? now) > Math.max(p.endAt, clearedAt) + stuckRounds * roundMs,
  );
  fail(`periods unsettled more than ${stuckRounds} rounds after the fault cleared`, stuck, (p) => {
    const at = db.finalSeenAt[p.id];
    return `${p.id} ${at ? `final ${((at - Math.max(p.endAt, clearedAt)) / 1000).toFixed(1)} s after` : `still ${p.status}`}`;
  });

  // ── results and refund notices ──
  const settled = db.bets.filter((b) => b.status === 'COMPLETED' && periodById.has(b.period_id));
  const settledIds = new Set(settled.map((b) => b.id));
  const resultsPerBet = new Map();
  let strayResults = 0;
  for (const r of results) {
    if (r.betId && settledIds.has(r.betId)) resultsPerBet.set(r.betId, (resultsPerBet.get(r.betId) ?? 0) + 1);
    // A result of a bet outside this fault's periods counts only when it repeats one received before.
    else if (r.repeat) strayResults++;
  }
  const resultsLost = settled.filter((b) => !resultsPerBet.has(b.id));
  const resultsDuplicated = [...resultsPerBet.values()].reduce((n, c) => n + c - 1, 0) + strayResults;
  fail('bet-results never received', resultsLost, (b) => `${b.id} of ${b.user_id.slice(0, 8)} in ${b.period_id}`);
  if (resultsDuplicated > 0) failures.push(`${resultsDuplicated} duplicate bet-results`);

  const refundedPlayers = new Set(
    db.bets
      .filter((b) => b.status === 'REFUNDED' && periodById.get(b.period_id)?.status === 'REFUNDED')
      .map((b) => `${b.user_id}|${b.period_id}`),
  );
  const noticesPer = new Map();
  let strayNotices = 0;
  for (const n of refundNotices) {
    const key = `${n.playerId}|${n.periodId}`;
    if (refundedPlayers.has(key)) noticesPer.set(key, (noticesPer.get(key) ?? 0) + 1);
    else if (n.repeat) strayNotices++;
  }
  const noticesLost = [...refundedPlayers].filter((key) => !noticesPer.has(key));
  const noticesDuplicated = [...noticesPer.values()].reduce((n, c) => n + c - 1, 0) + strayNotices;
  fail('refund notices never received', noticesLost);
  if (noticesDuplicated > 0) failures.push(`${noticesDuplicated} duplicate refund notices`);

  return {
    passed: failures.length === 0,
    failures,
    examples,
    row: {
      sent: bets.length,
      answered: answered.length,
      accepted: accepted.length,
      refused: refused.length,
      late: late.length,
      never: never.length,
      duplicateAnswers,
      maxDelayS: answered.length ? Math.round(maxDelayMs / 100) / 10 : null,
      sentDuringOutage: duringOutage.length,
      slowDuringOutage: slowDuringOutage.length,
      periods: window.length,
      refundedPeriods: count(window, (p) => p.status === 'REFUNDED'),
      stuckPeriods: stuck.length,
      resultsExpected: settled.length,
      resultsLost: resultsLost.length,
      resultsDuplicated,
      refundNoticesLost: noticesLost.length,
      refundNoticesDuplicated: noticesDuplicated,
      money: moneyOk ? 'ok' : 'BROKEN',
    },
  };
}

/** The per-fault table the suite prints. */
export function formatTable(outcomes) {
  const head = [
    'fault',
    'verdict',
    'sent',
    'answered',
    'late',
    'never',
    'dup ans',
    'max delay',
    'slow in outage',
    'stuck',
    'results lost/dup',
    'refund notices lost/dup',
    'ledger',
  ];
  const rows = outcomes.map((o) =>
    o.row
      ? [
          o.name,
          o.passed ? 'PASS' : 'FAIL',
          o.row.sent,
          o.row.answered,
          o.row.late,
          o.row.never,
          o.row.duplicateAnswers,
          o.row.maxDelayS === null ? '—' : `${o.row.maxDelayS} s`,
          o.row.sentDuringOutage ? `${o.row.slowDuringOutage}/${o.row.sentDuringOutage}` : '—',
          `${o.row.stuckPeriods}/${o.row.periods}`,
          `${o.row.resultsLost}/${o.row.resultsDuplicated} of ${o.row.resultsExpected}`,
          `${o.row.refundNoticesLost}/${o.row.refundNoticesDuplicated}`,
          o.row.money,
        ]
      : [o.name, 'ERROR', '', '', '', '', '', '', '', '', '', '', ''],
  );
  const cells = [head, ...rows].map((r) => r.map(String));
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(cells[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.slice(1).map(line)].join(
    '\n',
  );
}

/** Reads the suite's JSON report as `npm test` counts suites: one test per fault. */
export function readFaultsReport(report) {
  if (!report || typeof report !== 'object' || !Array.isArray(report.faults)) return null;
  return {
    passed: report.faults.filter((f) => f.passed).length,
    failed: report.faults.filter((f) => !f.passed).length,
    skipped: 0,
    todo: 0,
    notRun: [],
  };
}
