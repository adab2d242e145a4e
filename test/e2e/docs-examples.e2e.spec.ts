// The examples that open the docs' pages of HTTP reads and streams, run as a reader would run them against a started
// service: given a devnet market the service has indexed and its API listening, each page's first ```sh block is run
// with bash, `localhost:8080` read as the test's address (and the streams' 15 s cut to 3), and what it prints is what
// the page says it prints.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type ServiceHarness } from './service-harness.js';

const run = promisify(execFile);
let h: ServiceHarness;
let address: string;

/** The first ```sh block of a docs page. */
function firstShellBlock(page: string): string {
  const text = readFileSync(new URL(`../../docs/${page}`, import.meta.url), 'utf8');
  const block = /```sh\n([\s\S]*?)```/.exec(text);
  if (block === null) throw new Error(`${page} opens with no sh example`);
  return block[1]!;
}

async function runExample(page: string): Promise<string> {
  const script = firstShellBlock(page).replaceAll('localhost:8080', address).replaceAll('--max-time 15', '--max-time 3');
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], { timeout: 60_000 });
  return stdout;
}

beforeAll(async () => {
  h = await startService({ seed: 5 });
  await h.step(80);
  await h.settle();
  address = (await h.app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', '');
}, 180_000);

afterAll(async () => h?.stop());

describe('the docs examples', () => {
  it("api.md: two pages of the busiest coin's trades, the second from where the first ended, its candles and the API's version", async () => {
    const lines = (await runExample('api.md')).trimEnd().split('\n');
    // The two pages and the last item's time a line each, the candles as node prints them, the version last.
    const [first, lastTime, second] = lines;
    const candles = lines.slice(3, -1).join('\n');
    const version = lines.at(-1);
    const page = JSON.parse(first!);
    expect(page.trades).toHaveLength(3);
    expect(lastTime).toBe(page.next.before);
    const next = JSON.parse(second!);
    expect(next.trades.length).toBeGreaterThan(0);
    expect(next.trades[0].time < page.trades[2].time).toBe(true);
    expect(candles).toContain('open');
    expect(version).toBe('1.0.0');
  });

  it("streams.md: the busiest coin's stream and the platform stream answer as Server-Sent Events", async () => {
    const printed = await runExample('streams.md');
    expect(printed).toContain('retry: 2000');
  });
});
