// Reading the Prometheus text the servers' /metrics endpoints serve (prom-client's exposition format).

/** A gauge's value in a /metrics text (its first series), NaN when absent. */
export function gauge(text, name) {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return Number(line?.split(' ').at(-1) ?? NaN);
}

/**
 * Mean and a rough p99 (the upper bound of the bucket holding it) of a histogram, summed over several processes'
 * /metrics texts (e.g. every engine's); with `since` (the same processes' texts read earlier), of what was observed
 * in between; with `labels` (e.g. `stream="events"`), of the series whose labels include that text. count is NaN when
 * no text has the histogram.
 */
export function histogram(texts, name, since = [], labels = '') {
  const read = (all) => {
    let count = 0;
    let sum = 0;
    const buckets = new Map();
    for (const text of [all].flat()) {
      const lines = text.split('\n').filter((l) => l.startsWith(name) && l.includes(labels));
      const value = (suffix) =>
        Number(
          lines
            .find((l) => l.startsWith(`${name}_${suffix} `) || l.startsWith(`${name}_${suffix}{`))
            ?.split(' ')
            .at(-1) ?? NaN,
        );
      if (!Number.isFinite(value('count'))) continue;
      count += value('count');
      sum += value('sum');
      for (const l of lines.filter((x) => x.startsWith(`${name}_bucket`))) {
        const le = /le="([^"]+)"/.exec(l)?.[1];
        const bound = le === '+Inf' ? Infinity : Number(le);
        buckets.set(bound, (buckets.get(bound) ?? 0) + Number(l.split(' ').at(-1)));
      }
    }
    return { count, sum, buckets };
  };
  const now = read(texts);
  const before = read(since);
  const count = now.count - before.count;
  const sum = now.sum - before.sum;
  const buckets = [...now.buckets].map(([bound, c]) => [bound, c - (before.buckets.get(bound) ?? 0)]);
  const p99 = buckets.sort((a, b) => a[0] - b[0]).find(([, c]) => c >= 0.99 * count)?.[0];
  return { count: count || NaN, mean: sum / count, p99 };
}
