// The bench's HTML report: one self-contained file (inline SVG and CSS, no script, nothing fetched) with, per
// pipeline, place-bet latency percentiles over time, accepted/refused bets per second and CPU per process, plus
// the summary tables — so a regression is seen at a glance.
import { percentile } from './stats.js';

const escape = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const COLORS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#4b5563'];

/**
 * Per-second series from the bets of a run ([{ at (ms epoch, sent), ms, success }]) relative to `start`:
 * [{ t, p50, p90, p99, accepted, refused }].
 */
export function betSeries(bets, start) {
  const seconds = new Map();
  for (const bet of bets) {
    const t = Math.floor((bet.at - start) / 1000);
    if (t < 0) continue;
    const s = seconds.get(t) ?? { latencies: [], accepted: 0, refused: 0 };
    s.latencies.push(bet.ms);
    if (bet.success) s.accepted++;
    else s.refused++;
    seconds.set(t, s);
  }
  const last = Math.max(-1, ...seconds.keys());
  return Array.from({ length: last + 1 }, (_, t) => {
    const s = seconds.get(t);
    if (!s) return { t, p50: null, p90: null, p99: null, accepted: 0, refused: 0 };
    return {
      t,
      p50: percentile(s.latencies, 50),
      p90: percentile(s.latencies, 90),
      p99: percentile(s.latencies, 99),
      accepted: s.accepted,
      refused: s.refused,
    };
  });
}

/** CPU cores used per part between consecutive cumulative samples ([{ at, totals: { part: µs } }]): [{ t, part: cores }]. */
export function cpuSeries(samples, start) {
  const out = [];
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1];
    const b = samples[i];
    const seconds = (b.at - a.at) / 1000;
    if (seconds <= 0) continue;
    const row = { t: Math.round(((b.at - start) / 1000) * 10) / 10 };
    for (const part of Object.keys(b.totals))
      row[part] = Math.max(0, (b.totals[part] - (a.totals[part] ?? 0)) / 1e6 / seconds);
    out.push(row);
  }
  return out;
}

/** A line chart as inline SVG. series: [{ name, points: [[x, y|null]] }]. */
export function lineChart({ title, series, yLabel, width = 720, height = 220 }) {
  const pad = { left: 56, right: 12, top: 28, bottom: 30 };
  const all = series.flatMap((s) => s.points.filter(([, y]) => y !== null && Number.isFinite(y)));
  const maxX = Math.max(1, ...all.map(([x]) => x));
  const maxY = niceMax(Math.max(0, ...all.map(([, y]) => y)));
  const x = (v) => pad.left + (v / maxX) * (width - pad.left - pad.right);
  const y = (v) => height - pad.bottom - (v / maxY) * (height - pad.top - pad.bottom);
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * maxY);
  const paths = series.map((s, i) => {
    let d = '';
    let pen = false;
    for (const [px, py] of s.points) {
      if (py === null || !Number.isFinite(py)) {
        pen = false;
        continue;
      }
      d += `${pen ? 'L' : 'M'}${x(px).toFixed(1)},${y(py).toFixed(1)} `;
      pen = true;
    }
    return `<path d="${d.trim()}" fill="none" stroke="${COLORS[i % COLORS.length]}" stroke-width="1.6"/>`;
  });
  const legend = series
    .map((s, i) => `<tspan fill="${COLORS[i % COLORS.length]}">■ ${escape(s.name)}</tspan>`)
    .join('  ');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escape(title)}">
<text x="${pad.left}" y="16" font-size="13" font-weight="600">${escape(title)}</text>
<text x="${width - pad.right}" y="16" font-size="11" text-anchor="end">${legend}</text>
${ticks.map((t) => `<line x1="${pad.left}" x2="${width - pad.right}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}" stroke="#e5e7eb"/><text x="${pad.left - 6}" y="${(y(t) + 4).toFixed(1)}" font-size="10" text-anchor="end">${formatTick(t)}</text>`).join('\n')}
<line x1="${pad.left}" x2="${width - pad.right}" y1="${height - pad.bottom}" y2="${height - pad.bottom}" stroke="#9ca3af"/>
<text x="${(pad.left + width - pad.right) / 2}" y="${height - 6}" font-size="10" text-anchor="middle">seconds into the measurement</text>
<text x="12" y="${(pad.top + height - pad.bottom) / 2}" font-size="10" transform="rotate(-90 12 ${(pad.top + height - pad.bottom) / 2})" text-anchor="middle">${escape(yLabel)}</text>
${paths.join('\n')}
</svg>`;
}

function niceMax(v) {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  return [1, 2, 2.5, 5, 10].map((m) => m * p).find((m) => m >= v);
}

function formatTick(v) {
  return v >= 100 ? String(Math.round(v)) : String(Math.round(v * 100) / 100);
}

function table(rows) {
  return `<table>${rows.map((r, i) => `<tr>${r.map((c) => (i === 0 ? `<th>${escape(c)}</th>` : `<td>${escape(c)}</td>`)).join('')}</tr>`).join('')}</table>`;
}

/**
 * The whole report. `runs`: [{ pipeline, title, betSeries, cpuSeries, summary: [[label, value]] }]; `tables`:
 * [{ title, rows }] (first row the header); `lines`: free text lines (comparisons).
 */
export function renderReport({ title, subtitle = '', runs, tables = [], lines = [] }) {
  const sections = runs.map((run) => {
    const t = (rows, key) => rows.map((r) => [r.t, r[key]]);
    const parts = run.cpuSeries.length ? Object.keys(run.cpuSeries[0]).filter((k) => k !== 't') : [];
    return `<section><h2>${escape(run.title)}</h2>
${lineChart({ title: 'place-bet → bet-message latency, by second sent', yLabel: 'ms', series: ['p50', 'p90', 'p99'].map((k) => ({ name: k, points: t(run.betSeries, k) })) })}
${lineChart({
  title: 'bets per second',
  yLabel: 'bets/s',
  series: [
    { name: 'accepted', points: t(run.betSeries, 'accepted') },
    { name: 'refused', points: t(run.betSeries, 'refused') },
  ],
})}
${lineChart({ title: 'CPU per process', yLabel: 'cores', series: parts.map((p) => ({ name: p, points: t(run.cpuSeries, p) })) })}
${run.summary?.length ? table([['figure', 'value'], ...run.summary]) : ''}
</section>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:24px;color:#111827;max-width:1100px}
h1{font-size:20px;margin:0 0 4px}h2{font-size:16px;margin:28px 0 8px}
table{border-collapse:collapse;margin:8px 0 16px}th,td{border:1px solid #d1d5db;padding:3px 8px;text-align:left;font-variant-numeric:tabular-nums}
th{background:#f3f4f6}svg{display:block;margin:6px 0;max-width:100%;height:auto;font-family:system-ui,sans-serif}
pre{background:#f9fafb;padding:8px;border:1px solid #e5e7eb;white-space:pre-wrap}
</style></head><body>
<h1>${escape(title)}</h1><p>${escape(subtitle)}</p>
${tables.map((tb) => `<h2>${escape(tb.title)}</h2>${table(tb.rows)}`).join('\n')}
${lines.length ? `<pre>${escape(lines.join('\n'))}</pre>` : ''}
${sections.join('\n')}
</body></html>
`;
}
