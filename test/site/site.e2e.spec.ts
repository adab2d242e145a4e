// The site in headless Chromium against the service on the devnet (simulated market, launch routes, live streams,
// the app listening on a port): the board lists the API's coins and its filters give the API's answers; a coin page
// draws a non-blank candle chart whose last candle is the last of /ohlcv, and its chart and trades follow the chain
// while the devnet trades; the page link a launch returns and the one an idea carries open working pages; a coin and
// an idea named with markup show it as text and run nothing; no page breaks its Content-Security-Policy; the coin
// page's assets stay under 300 KB compressed. Screenshots are saved under artifacts/screenshots.
import { generateKeyPairSigner } from '@solana/kit';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importIdeas, parseIdeasFile } from '../../api/ideas/idea-import.js';
import type { CoinListResponse } from '../../schemas/api/coins.js';
import type { IdeasResponse } from '../../schemas/api/ideas.js';
import type { OhlcvResponse } from '../../schemas/api/ohlcv.js';
import type { TradesResponse } from '../../schemas/api/trades.js';
import { freePort } from '../../infra/net/free-port.js';
import { CONFIG } from '../ingest/chain-fixture.js';
import { PNG, signWire, startLaunchService, type LaunchService } from '../e2e/launch-wallet.js';
import { canvasColours, launchBrowser, screenshot, watchedPage, type PageFaults } from './browser.js';

const XSS_NAME = '<img src=x onerror=alert(1)>';
const XSS_DESCRIPTION = '<script>alert(2)</script><b>bold</b> see https://evil.example';

let s: LaunchService;
let browser: Browser;
let site: string;

const api = async <T>(path: string): Promise<T> => {
  const response = await fetch(`${site}${path}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
};

function noFaults(faults: PageFaults): void {
  expect(faults.errors, 'script errors').toEqual([]);
  expect(faults.dialogs, 'dialogs').toEqual([]);
  expect(faults.cspViolations, 'CSP violations').toEqual([]);
}

beforeAll(async () => {
  const port = await freePort();
  site = `http://127.0.0.1:${port}`;
  s = await startLaunchService({ seed: 61, siteUrl: site });
  await s.app.listen({ port, host: '127.0.0.1' });
  await s.h.step(300);
  await s.h.settle();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

describe('the site in a browser', () => {
  it('lists the coins the API lists, and its filters and search give the API answers', async () => {
    const { page, faults } = await watchedPage(browser);
    await page.goto(`${site}/`);
    const names = () => page.$$eval('table.coins tbody tr .name', (cells) => cells.map((cell) => cell.textContent));
    const expected = await api<CoinListResponse>('/api/v1/coins?limit=25');
    expect(expected.coins.length).toBeGreaterThan(2);
    await page.waitForSelector('table.coins tbody tr');
    expect(await names()).toEqual(expected.coins.map((coin) => coin.user.name));
    await screenshot(page, 'board');

    const byVolume = await api<CoinListResponse>('/api/v1/coins?limit=25&sort=volume');
    await page.selectOption('select[name=sort]', 'volume');
    await page.waitForURL(/sort=volume/);
    await expect.poll(names).toEqual(byVolume.coins.map((coin) => coin.user.name));

    const creatorCoins = await api<CoinListResponse>('/api/v1/coins?limit=25&sort=volume&mode=creator');
    await page.selectOption('select[name=mode]', 'creator');
    await expect
      .poll(async () => (creatorCoins.coins.length === 0 ? page.textContent('.board') : names()))
      .toEqual(creatorCoins.coins.length === 0 ? 'No coins match.' : creatorCoins.coins.map((coin) => coin.user.name));
    await page.selectOption('select[name=mode]', 'any');

    const wanted = byVolume.coins[0]!;
    await page.fill('input[name=q]', wanted.user.symbol);
    await page.click('form.filters button[type=submit]');
    await page.waitForURL(new RegExp(`q=${wanted.user.symbol}`));
    const searched = await api<CoinListResponse>(`/api/v1/coins?limit=25&sort=volume&q=${wanted.user.symbol}`);
    await expect.poll(names).toEqual(searched.coins.map((coin) => coin.user.name));
    noFaults(faults);
    await page.close();
  });

  it('draws a coin chart whose last candle is the API last, and follows trades while the devnet trades', async () => {
    const { coins } = await api<CoinListResponse>('/api/v1/coins?limit=1&sort=volume');
    const mint = coins[0]!.mint;
    const { page, faults } = await watchedPage(browser);
    const assetBytes: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/')) assetBytes.push(Number(response.headers()['content-length'] ?? 0));
    });
    const started = Date.now();
    await page.goto(`${site}/coins/${mint}`);
    await page.waitForSelector('#app[data-ready=true]');
    const firstRenderMs = Date.now() - started;
    const { candles } = await api<OhlcvResponse>(`/api/v1/coins/${mint}/ohlcv?interval=1h`);
    expect(await page.getAttribute('#legend', 'data-time')).toBe(candles.at(-1)!.time);
    expect(await page.getAttribute('#legend', 'data-close')).toBe(candles.at(-1)!.close);
    expect(await canvasColours(page, '#chart')).toBeGreaterThan(3);
    const total = assetBytes.reduce((sum, bytes) => sum + bytes, 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(300 * 1024);
    console.log(`coin page: first render ${firstRenderMs} ms; assets ${(total / 1024).toFixed(1)} KiB compressed in ${assetBytes.length} files`);

    // Every interval draws the API's candles.
    await page.click('button[data-interval="1m"]');
    await expect.poll(() => page.getAttribute('#chart', 'data-interval')).toBe('1m');
    const minute = await api<OhlcvResponse>(`/api/v1/coins/${mint}/ohlcv?interval=1m`);
    expect(await page.getAttribute('#legend', 'data-time')).toBe(minute.candles.at(-1)!.time);
    const firstRows = await page.$$eval('#trades tr', (rows) => rows.map((row) => row.getAttribute('data-signature')));
    await screenshot(page, 'coin');

    // The chain trades on; the page hears of it through its stream alone (nothing reloads it).
    const before = (await api<TradesResponse>(`/api/v1/coins/${mint}/trades?limit=1`)).trades[0]!;
    const stepper = setInterval(() => s.h.devnet.step(), 60);
    try {
      await expect
        .poll(async () => (await api<TradesResponse>(`/api/v1/coins/${mint}/trades?limit=1`)).trades[0]!.signature, { timeout: 60_000, interval: 200 })
        .not.toBe(before.signature);
    } finally {
      clearInterval(stepper);
    }
    await s.h.settle();
    const latest = await api<TradesResponse>(`/api/v1/coins/${mint}/trades?limit=5`);
    await expect
      .poll(() => page.$$eval('#trades tr', (rows) => rows.map((row) => row.getAttribute('data-signature'))), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(latest.trades.map((trade) => trade.signature)));
    expect((await page.$$eval('#trades tr', (rows) => rows.map((row) => row.getAttribute('data-signature'))))[0]).not.toBe(firstRows[0]);
    const after = await api<OhlcvResponse>(`/api/v1/coins/${mint}/ohlcv?interval=1m`);
    await expect.poll(() => page.getAttribute('#legend', 'data-close'), { timeout: 10_000 }).toBe(after.candles.at(-1)!.close);
    expect(await page.getAttribute('#legend', 'data-time')).toBe(after.candles.at(-1)!.time);
    await screenshot(page, 'coin-live');
    noFaults(faults);
    await page.close();
  });

  it('opens the page links of a launch and of an idea; names with markup show as text and run nothing', async () => {
    await importIdeas(
      s.opstore,
      parseIdeasFile(
        JSON.stringify([
          {
            id: 'markup-idea',
            name: XSS_NAME,
            ticker: 'XSS',
            pitch: '<b>not bold</b>',
            trend: 'tests',
            story: '<script>alert(3)</script>',
            crew: { scores: [10, 10, 10, 10, 10], scoredAt: '2020-01-01T01:00:00Z' },
            createdAt: '2020-01-01T00:00:00Z',
          },
        ]),
      ),
    );
    const creator = await s.wallet(1n);
    await s.acceptTerms(creator);
    const mint = await generateKeyPairSigner();
    const prepared = await s.post<{ transactions: string[] }>('/api/v1/launch/launchpad/prepare', {
      creator: creator.address,
      mint: mint.address,
      image: PNG,
      name: XSS_NAME,
      ticker: 'XSS',
      description: XSS_DESCRIPTION,
      socials: { website: 'https://markup.example' },
      quoteMint: CONFIG.mints.stablecoin,
    });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const transactions = await Promise.all(prepared.body.transactions.map((tx, i) => signWire(tx, i === 0 ? [creator, mint] : [creator])));
    const submitted = await s.stepping(() =>
      s.post<{ status: string; result: { page: string } }>('/api/v1/launch/launchpad/submit', { mint: mint.address, transactions }),
    );
    expect(submitted.body.status, JSON.stringify(submitted.body)).toBe('confirmed');
    const coinPage = submitted.body.result.page;
    expect(coinPage).toBe(`${site}/coins/${mint.address}`);
    await s.h.settle();

    const { page, faults } = await watchedPage(browser);
    const response = await page.goto(coinPage);
    expect(response?.status()).toBe(200);
    await page.waitForSelector('#app[data-ready=true]');
    expect(await page.textContent('#coin-name')).toBe(XSS_NAME);
    expect(await page.textContent('.description')).toBe(XSS_DESCRIPTION);
    expect(await page.$$('img[src="x"], main script, main b')).toHaveLength(0);
    expect(await page.title()).toContain(XSS_NAME);
    await screenshot(page, 'coin-markup');

    const { ideas } = await api<IdeasResponse>('/api/v1/ideas?q=XSS');
    const idea = ideas.find((each) => each.id === 'markup-idea')!;
    expect(idea.launched?.mint).toBe(mint.address);
    expect(idea.page).toBe(`${site}/ideas/markup-idea`);
    expect((await page.goto(idea.page))?.status()).toBe(200);
    await page.waitForSelector('#app[data-ready=true]');
    expect(await page.textContent('#idea-name')).toBe(XSS_NAME);
    expect(await page.textContent('.story')).toBe('<script>alert(3)</script>');
    expect(await page.$$('img[src="x"], main script, main b')).toHaveLength(0);
    await page.click(`a[href="/coins/${mint.address}"]`);
    await page.waitForURL(coinPage);
    await screenshot(page, 'idea-markup');

    await page.goto(`${site}/ideas`);
    await page.waitForSelector('#app[data-ready=true]');
    expect(await page.$$eval('.idea h2 a', (links) => links.map((link) => link.textContent))).toContain(XSS_NAME);
    await page.goto(`${site}/coins/${(await generateKeyPairSigner()).address}`);
    expect(await page.textContent('h1')).toBe('No such coin');
    noFaults(faults);
    await page.close();
  });

  it('shows the platform page and the interactive API reference', async () => {
    const { page, faults } = await watchedPage(browser);
    await page.goto(`${site}/platform`);
    await page.waitForSelector('#app[data-ready=true]');
    expect(await canvasColours(page, '#revenue')).toBeGreaterThan(2);
    const burnsText = await page.textContent('#burns');
    expect(burnsText).toContain('Burns');
    await screenshot(page, 'platform');
    noFaults(faults);

    await page.goto(`${site}/docs`);
    await page.waitForSelector('.opblock-summary-path');
    const paths = await page.$$eval('.opblock-summary-path', (items) => items.map((item) => item.getAttribute('data-path')));
    expect(paths).toEqual(expect.arrayContaining(['/coins', '/coins/{mint}/ohlcv', '/ideas/{id}']));
    await screenshot(page, 'docs');
    noFaults(faults);
    await page.close();
  });
});
