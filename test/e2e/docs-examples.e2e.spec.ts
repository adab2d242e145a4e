// The examples that open the docs' pages, run as a reader would run them against a started service: given a devnet
// market the service has indexed and its HTTP server listening (the read API and the MCP tool server), each page's
// first ```sh block is run with bash and its first ```ts block with tsx, `localhost:8080` read as the test's address
// (and the streams' 15 s cut to 3), and what it prints is what the page says it prints.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEncryptionKey } from '../../infra/keys/secret-box.js';
import { openOpStore } from '../../infra/opstore/open-op-store.js';
import type { OpStore } from '../../infra/opstore/op-store.js';
import { startService, type ServiceHarness } from './service-harness.js';

const run = promisify(execFile);
let h: ServiceHarness;
let address: string;
let opstore: OpStore;
let dir: string;

/** The first block of a language on a docs page. */
function firstBlock(page: string, language: 'sh' | 'ts'): string {
  const text = readFileSync(new URL(`../../docs/${page}`, import.meta.url), 'utf8');
  const block = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(text);
  if (block === null) throw new Error(`${page} opens with no ${language} example`);
  return block[1]!;
}

async function runExample(page: string): Promise<string> {
  const script = firstBlock(page, 'sh').replaceAll('localhost:8080', address).replaceAll('--max-time 15', '--max-time 3');
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], { timeout: 60_000 });
  return stdout;
}

/** Run a page's first ```ts block as a module of its own. It is written inside the project so that its imports
 * resolve to the project's packages, and removed afterwards. */
async function runTsExample(page: string): Promise<string> {
  const dir = mkdtempSync(join(fileURLToPath(new URL('.', import.meta.url)), '.example-'));
  try {
    const file = join(dir, page.replace(/\.md$/, '.ts'));
    writeFileSync(file, `${firstBlock(page, 'ts').replaceAll('127.0.0.1:8080', address)}\nexport {};\n`);
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const { stdout } = await run(tsx, [file], { timeout: 60_000 });
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'launchtape-docs-'));
  opstore = await openOpStore({ dataDir: dir });
  const webhooks = { sealKey: newEncryptionKey(), policy: { allowLoopback: true }, network: 'devnet' as const };
  h = await startService({ seed: 5, api: { opstore, webhooks } });
  await h.step(80);
  await h.settle();
  address = (await h.app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', '');
}, 180_000);

afterAll(async () => {
  await h?.stop();
  await opstore?.close();
  rmSync(dir, { recursive: true, force: true });
});

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

  it('mcp.md: an agent connects, lists the tools, finds the coin with the most volume and reads its market data', async () => {
    const printed = await runTsExample('mcp.md');
    expect(printed).toContain('untrusted_text');
    expect(printed).toContain("'search_coins'");
    expect(printed).toContain("'get_market_data'");
    expect(printed).toContain('candles:');
  });

  // Without WEBHOOK_URL the example only lists (creating needs a receiver the service can reach over HTTPS).
  it("webhooks.md: a wallet's signed call lists its webhooks (none yet)", async () => {
    const printed = await runTsExample('webhooks.md');
    expect(printed).toContain('status: 200');
    expect(printed).toContain('webhooks: []');
  });
});
