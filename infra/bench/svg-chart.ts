// Charts the benchmarks write beside docs/benchmarks.md, as plain SVG a browser or a Markdown viewer shows: a
// distribution chart (each series' value at every percentile, 0–100, on a log scale of milliseconds) and a bar
// chart (one bar per label, with its value written beside it).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface Series {
  label: string;
  /** Milliseconds, in any order. */
  values: readonly number[];
}

const WIDTH = 720;
const COLORS = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2'];
const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const text = (x: number, y: number, content: string, attributes = '') =>
  `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${attributes}>${escaped(content)}</text>`;

function document(height: number, title: string, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    text(12, 20, title, 'font-size="14" font-weight="bold"'),
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

/** Each series' value at percentiles 0..100 (x), milliseconds on a log scale (y). */
export function distributionChart(title: string, series: readonly Series[]): string {
  const left = 60;
  const top = 34;
  const plotWidth = WIDTH - left - 180;
  const plotHeight = 260;
  const all = series.flatMap((s) => s.values).filter((value) => value > 0);
  const low = Math.max(1, Math.min(...all));
  const high = Math.max(low * 10, ...all);
  const decades = { from: Math.floor(Math.log10(low)), to: Math.ceil(Math.log10(high)) };
  const y = (ms: number) => top + plotHeight - ((Math.log10(Math.max(ms, 10 ** decades.from)) - decades.from) / (decades.to - decades.from)) * plotHeight;
  const x = (percentile: number) => left + (percentile / 100) * plotWidth;
  const body: string[] = [];
  for (let decade = decades.from; decade <= decades.to; decade++) {
    const at = y(10 ** decade);
    body.push(`<line x1="${left}" y1="${at.toFixed(1)}" x2="${left + plotWidth}" y2="${at.toFixed(1)}" stroke="#e5e7eb"/>`);
    body.push(text(left - 6, at + 4, `${(10 ** decade).toLocaleString('en')} ms`, 'text-anchor="end"'));
  }
  for (const percentile of [0, 50, 90, 99, 100]) {
    body.push(`<line x1="${x(percentile).toFixed(1)}" y1="${top}" x2="${x(percentile).toFixed(1)}" y2="${top + plotHeight}" stroke="#e5e7eb"/>`);
    body.push(text(x(percentile), top + plotHeight + 16, `p${percentile}`, 'text-anchor="middle"'));
  }
  series.forEach((s, index) => {
    const color = COLORS[index % COLORS.length]!;
    const sorted = [...s.values].sort((a, b) => a - b);
    if (sorted.length > 0) {
      const points = sorted.map((value, i) => `${x((i / Math.max(1, sorted.length - 1)) * 100).toFixed(1)},${y(value).toFixed(1)}`);
      body.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${points.join(' ')}"/>`);
    }
    const legend = top + 10 + index * 18;
    body.push(`<rect x="${left + plotWidth + 14}" y="${legend - 9}" width="12" height="12" fill="${color}"/>`);
    body.push(text(left + plotWidth + 32, legend + 1, `${s.label} (${sorted.length})`));
  });
  return document(top + plotHeight + 30, title, body);
}

export interface Bar {
  label: string;
  value: number;
}

/** One horizontal bar per label, its value (in `unit`) written beside it. */
export function barChart(title: string, bars: readonly Bar[], unit: string): string {
  const left = 220;
  const top = 34;
  const row = 20;
  const plotWidth = WIDTH - left - 90;
  const high = Math.max(1, ...bars.map((bar) => bar.value));
  const body = bars.flatMap((bar, index) => {
    const at = top + index * row;
    const width = (bar.value / high) * plotWidth;
    return [
      text(left - 8, at + 13, bar.label, 'text-anchor="end"'),
      `<rect x="${left}" y="${at + 2}" width="${width.toFixed(1)}" height="${row - 6}" fill="${COLORS[0]}"/>`,
      text(left + width + 6, at + 13, `${bar.value.toLocaleString('en', { maximumFractionDigits: 1 })} ${unit}`),
    ];
  });
  return document(top + bars.length * row + 12, title, body);
}

export function writeChart(path: string, svg: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, svg);
}
