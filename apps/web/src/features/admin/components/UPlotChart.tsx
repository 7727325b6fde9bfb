import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: number[];
  stroke: string;
  /** Which y axis: money (₹, left) or a count (right). */
  scale: 'money' | 'count';
  fill?: string;
}

interface Props {
  /** x values: seconds since the epoch when `time`, else positions 0…n−1. */
  x: number[];
  time?: boolean;
  /** Tick text of a position (not for time axes). */
  xLabel?: (index: number) => string;
  series: ChartSeries[];
  height?: number;
  /** The chart's name for assistive technology (the figures are in the table beside it). */
  label: string;
}

/** Canvas drawing is not available (a DOM without a renderer): the table beside the chart carries the figures. */
function canDraw(): boolean {
  return (
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' && !/jsdom/i.test(navigator.userAgent)
  );
}

/** A rupee figure on an axis or in the hover legend: the sign before the symbol (−₹500, not ₹-500). */
export function rupeeTick(value: number): string {
  const rupees = Math.round(value);
  return `${rupees < 0 ? '−' : ''}₹${Math.abs(rupees).toLocaleString('en-IN')}`;
}

/** A value of a series as the hover legend shows it: rupees or a whole count; a gap is a dash. */
export function seriesValue(scale: ChartSeries['scale'], value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return scale === 'money' ? rupeeTick(value) : Math.round(value).toLocaleString('en-IN');
}

/**
 * A uPlot line chart sized to its container (redrawn on resize). uPlot is imported here only, inside the admin
 * console's chunk, and only once the chart is on screen.
 */
export function UPlotChart({ x, time = false, xLabel, series, height = 220, label }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || !canDraw()) return;
    let plot: uPlot | null = null;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const hasCount = series.some((s) => s.scale === 'count');
      const axisStroke = '#a9b6cc';
      const grid = { stroke: 'rgb(169 182 204 / 15%)', width: 1 };
      const options: uPlot.Options = {
        width: Math.max(240, el.clientWidth),
        height,
        scales: { x: { time }, money: { auto: true }, ...(hasCount ? { count: { auto: true } } : {}) },
        // Hovering a point shows each series' value there, in the legend under the chart.
        legend: { live: true },
        cursor: { drag: { x: false, y: false } },
        axes: [
          {
            stroke: axisStroke,
            grid,
            // Positions are whole rounds: ticks only on whole numbers.
            ...(time
              ? {}
              : {
                  incrs: [1, 2, 5, 10, 20, 25, 50],
                  values: (_u: uPlot, ticks: number[]) => ticks.map((t) => (xLabel ? xLabel(t) : String(t))),
                }),
          },
          {
            scale: 'money',
            stroke: axisStroke,
            grid,
            size: 70,
            values: (_u: uPlot, ticks: number[]) => ticks.map(rupeeTick),
          },
          ...(hasCount ? [{ scale: 'count', side: 1, stroke: axisStroke, grid: { show: false } }] : []),
        ],
        series: [
          {
            label: time ? 'Day' : 'Round',
            value: (_u: uPlot, v: number | null) => (v === null ? '—' : xLabel && !time ? xLabel(v) : String(v)),
          },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.stroke,
            fill: s.fill,
            width: 2,
            scale: s.scale,
            value: (_u: uPlot, v: number | null) => seriesValue(s.scale, v),
            points: { show: x.length <= 20 },
          })),
        ],
      };
      plot = new UPlot(options, [x, ...series.map((s) => s.values)], el);
      observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(240, el.clientWidth), height }));
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [x, time, xLabel, series, height]);
  return <div ref={box} className="admin-chart__canvas" role="img" aria-label={label} style={{ minHeight: height }} />;
}
