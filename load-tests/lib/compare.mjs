// The bench's comparisons: the ceiling search (the highest offered rate that still meets the latency budget) and
// the ratios against the one-transaction-per-bet path and the previous release's recorded figures
// (load-tests/baseline.json).

/** Whether a step of the ceiling search met the budget: p99 within the limit and (almost) every bet accepted. */
export function meetsBudget(step, { p99LimitMs = 500, maxRefusedShare = 0.01 } = {}) {
  const offered = step.accepted + step.rejected;
  return offered > 0 && step.latencyP99 <= p99LimitMs && step.rejected / offered <= maxRefusedShare;
}

/**
 * The next offered rate to try, or null when the search is done. `history`: [{ rate, ok }] in the order tried.
 * Doubles from `start` until a rate fails (or `max`, what the players can place, is reached), then bisects between
 * the highest rate that passed and the lowest that failed until they are within `precision` (relative) or
 * `maxSteps` rates were tried.
 */
export function nextRate(history, { start, max = Infinity, precision = 0.1, maxSteps = 8 }) {
  if (history.length === 0) return Math.min(start, max);
  if (history.length >= maxSteps) return null;
  const passed = history.filter((h) => h.ok).map((h) => h.rate);
  const failed = history.filter((h) => !h.ok).map((h) => h.rate);
  const best = passed.length ? Math.max(...passed) : 0;
  const worst = failed.length ? Math.min(...failed) : Infinity;
  if (worst === Infinity) {
    if (best >= max) return null;
    return Math.min(best * 2, max);
  }
  const low = best || worst / 4;
  if (best === 0 && history.filter((h) => !h.ok).length >= 3) return null;
  if (best > 0 && (worst - best) / best <= precision) return null;
  const next = Math.round((low + worst) / 2);
  return next === best || next === worst ? null : next;
}

/** The ceiling found by a search: the highest rate that met the budget (0 when none did), and whether `max` capped it. */
export function ceilingOf(history, max = Infinity) {
  const passed = history.filter((h) => h.ok).map((h) => h.rate);
  const rate = passed.length ? Math.max(...passed) : 0;
  return { rate, cappedByPlayers: rate > 0 && rate >= max };
}

const SHAPE = [
  'players',
  'rate',
  'rounds',
  'roundSeconds',
  'lockSeconds',
  'apiNodes',
  'engines',
  'headless',
  'partitions',
];
/** Keys a run shape recorded before they existed stands for with this value. */
const SHAPE_DEFAULTS = { engines: 1 };
const shapeValue = (shape, k) => shape?.[k] ?? SHAPE_DEFAULTS[k] ?? null;

/** The run shape a baseline entry is keyed by. */
export function shapeOf(config) {
  return Object.fromEntries(SHAPE.map((k) => [k, shapeValue(config, k)]));
}

/**
 * The recorded run to compare with: the one of the same shape, else the one with the same players, api nodes and
 * engines and the nearest rate, else (a topology the previous release was not measured on) the one with the same
 * players and api nodes, else the same players, at the nearest rate; else null. Returns { entry, exact }.
 */
export function findBaseline(baseline, config, { findCeiling = false } = {}) {
  const runs = (findCeiling ? baseline?.ceilings : baseline?.runs) ?? [];
  const shape = shapeOf(config);
  const same = (a, keys) => keys.every((k) => shapeValue(a, k) === shape[k]);
  const exact = runs.find((r) =>
    same(r.shape, findCeiling ? SHAPE.filter((k) => k !== 'rate' && k !== 'rounds') : SHAPE),
  );
  if (exact) return { entry: exact, exact: true };
  const nearest = (keys) =>
    runs
      .filter((r) => same(r.shape, keys))
      .sort((a, b) => Math.abs(a.shape.rate - shape.rate) - Math.abs(b.shape.rate - shape.rate))[0];
  const near =
    nearest(['players', 'apiNodes', 'engines', 'headless']) ??
    nearest(['players', 'apiNodes', 'headless']) ??
    nearest(['players', 'headless']);
  return near ? { entry: near, exact: false } : null;
}

/**
 * Ratios of a run's figures to a reference run ({ name: { current, reference, ratio, better } }). `ratio` > 1 means
 * better than the reference: for times and CPU that is reference ÷ current, for throughput current ÷ reference.
 */
export function ratios(current, reference) {
  const lowerIsBetter = {
    latencyP50: 'place-bet → bet-message p50',
    latencyP99: 'place-bet → bet-message p99',
    broadcastP99: 'round broadcast p99',
    settledAfterEndMs: 'settled after round end',
    lastResultAfterEndMs: 'last bet-result after round end',
    cpuMicrosPerBetTotal: 'CPU µs per accepted bet (total)',
  };
  const higherIsBetter = { acceptedPerSecond: 'accepted bets/s' };
  const value = (run, key) => (key === 'cpuMicrosPerBetTotal' ? run?.cpuMicrosPerBet?.total : run?.[key]);
  const out = {};
  for (const [key, label] of [...Object.entries(lowerIsBetter), ...Object.entries(higherIsBetter)]) {
    const c = value(current, key);
    const r = value(reference, key);
    if (!Number.isFinite(c) || !Number.isFinite(r) || c <= 0 || r <= 0) continue;
    const ratio = key in higherIsBetter ? c / r : r / c;
    out[key] = { label, current: c, reference: r, ratio: Math.round(ratio * 100) / 100 };
  }
  return out;
}

/** One line per ratio, e.g. "  place-bet → bet-message p99: 194 vs 912 → 4.7× better". */
export function formatRatios(table) {
  return Object.values(table).map(({ label, current, reference, ratio }) => {
    const fmt = (v) => (Math.abs(v) >= 100 ? String(Math.round(v)) : String(Math.round(v * 10) / 10));
    const verdict = ratio >= 1 ? `${ratio}× better` : `${Math.round((1 / ratio) * 100) / 100}× worse`;
    return `  ${label}: ${fmt(current)} vs ${fmt(reference)} → ${verdict}`;
  });
}

/** `--topologies 1+1,2+2`: [{ apiNodes, engines }] in that order; throws on anything else. */
export function parseTopologies(text) {
  return String(text)
    .split(',')
    .map((t) => {
      const match = /^\s*(\d+)\s*\+\s*(\d+)\s*$/.exec(t);
      const [apiNodes, engines] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
      if (!(apiNodes >= 1 && engines >= 1))
        throw new Error(`--topologies: "${t}" is not "api nodes + engines", e.g. 2+2`);
      return { apiNodes, engines };
    });
}
