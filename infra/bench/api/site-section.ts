// The "Site" section: a coin page's first render for a new visitor on the bench store. Each load opens a coin drawn
// from the catalog in a fresh browser context of headless Chromium (nothing cached), from navigation to the page
// saying it is ready (its coin, candles, trades and rewards read from the API and drawn). Also the compressed bytes of
// the page's assets (its HTML aside), against the targets of 1 s and 300 KB.
import { launchBrowser } from '../../browser/chromium.js';
import type { BenchRandom } from './bench-random.js';
import type { CatalogCoin } from './dataset-catalog.js';
import { ms, textTable } from './text-table.js';

export interface SiteBench {
  /** The app's origin (the site is served outside /api/v1). */
  origin: string;
  coins: CatalogCoin[];
  loads: number;
  random: BenchRandom;
  progress(line: string): void;
}

const TARGET_MS = 1_000;
const TARGET_ASSET_BYTES = 300 * 1024;

const rank = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;

export async function measureSite(bench: SiteBench): Promise<string> {
  const browser = await launchBrowser();
  const times: number[] = [];
  let assetBytes = 0;
  let failures = 0;
  try {
    // One load first, so the bundle is built and the routes' code is warm, as on a service that has been up.
    for (let i = -1; i < bench.loads; i++) {
      const coin = bench.random.pick(bench.coins.filter((each) => each.trades > 0));
      const context = await browser.newContext();
      const page = await context.newPage();
      let bytes = 0;
      page.on('response', (response) => {
        if (new URL(response.url()).pathname.startsWith('/assets/')) bytes += Number(response.headers()['content-length'] ?? 0);
      });
      const started = performance.now();
      try {
        await page.goto(`${bench.origin}/coins/${coin.mint}`);
        await page.waitForSelector('#app[data-ready=true]', { timeout: 30_000 });
        if (i >= 0) times.push(performance.now() - started);
        assetBytes = Math.max(assetBytes, bytes);
      } catch (error) {
        failures++;
        bench.progress(`site: ${coin.mint} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  times.sort((a, b) => a - b);
  const p50 = rank(times, 0.5);
  const p95 = rank(times, 0.95);
  bench.progress(`site: ${times.length} loads, p50 ${ms(p50)} ms, p95 ${ms(p95)} ms`);
  const head = ['page', 'loads', 'p50 ms', 'p95 ms', 'max ms', `p95 vs ${TARGET_MS}`, 'assets KiB (compressed)', `vs ${TARGET_ASSET_BYTES / 1024}`, 'failed'];
  const row = [
    '/coins/{mint}',
    String(times.length),
    ms(p50),
    ms(p95),
    ms(times.at(-1) ?? NaN),
    p95 <= TARGET_MS ? 'ok' : `+${ms(p95 - TARGET_MS)}`,
    (assetBytes / 1024).toFixed(1),
    assetBytes <= TARGET_ASSET_BYTES ? 'ok' : 'over',
    String(failures),
  ];
  return [
    `Site: a coin page's first render in headless Chromium, a fresh browser context per load (no cache), navigation to drawn chart and trades; target under ${TARGET_MS} ms`,
    '',
    ...textTable(head, [row]),
  ].join('\n');
}
