// The docs examples that pay, launch or need the free allowance, run as a reader runs them (docs-blocks.ts) against
// the service as a paying client meets it (paying-service.ts): blocks keep coming, so the examples' payments, airdrops
// and launches confirm while they wait. What each prints is what its page says it prints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { KeyPairSigner } from '@solana/kit';
import type { x402Client } from '@x402/fetch';
import { mcpClient } from '../mcp/mcp-client.js';
import { importTsExample, runShExample, runTsExample, type Addresses } from './docs-blocks.js';
import { startPayingService, type PayingService } from './paying-service.js';

let s: PayingService;
let addresses: Addresses;

beforeAll(async () => {
  s = await startPayingService({ seed: 23, launching: true });
  await s.h.settle();
  addresses = {
    '127.0.0.1:8080': new URL(s.base).host,
    '127.0.0.1:8899': new URL(s.h.devnet.rpcUrl!).host,
  };
}, 180_000);

/** A coin of the market the service indexed. */
async function aCoin(): Promise<string> {
  const { coins } = (await (await fetch(`${s.base}/api/v1/coins?limit=1`)).json()) as { coins: { mint: string }[] };
  return coins[0]!.mint;
}

afterAll(async () => {
  await s?.stop();
});

describe('the docs examples that pay and launch', () => {
  it("paid-calls.md: a fresh wallet pays a coin's holders with the official x402 client and gets the answer and its receipt", async () => {
    const printed = await runTsExample('paid-calls.md', addresses, { timeoutMs: 120_000 });
    expect(printed).toMatch(/^200 /);
    expect(printed).toContain('holders');
    expect(printed).toContain('success: true');
  });

  it("paid-calls.md: the page's getPaying pays a Basic read when it answers 402", async () => {
    const page = await importTsExample<{ getPaying(client: x402Client, url: string): Promise<Response> }>('paid-calls.md', 1, addresses);
    const payer = await s.fundedPayer(1_000_000n);
    const mint = await aCoin();
    const response = await page.getPaying(s.x402Of(payer), `${s.base}/api/v1/coins/${mint}/holders`);
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty('holders');
    expect(response.headers.get('PAYMENT-RESPONSE')).not.toBeNull();
  });

  it("mcp.md: the page's callPaid pays a Basic tool with the requirements the unpaid call answered", async () => {
    type Paying = { callPaid(client: Client, wallet: KeyPairSigner, name: string, args: Record<string, unknown>): Promise<CallToolResult> };
    const page = await importTsExample<Paying>('mcp.md', 1, addresses);
    const client = await mcpClient(s.base);
    try {
      const paid = await page.callPaid(client, await s.fundedPayer(1_000_000n), 'get_top_holders', { mint: await aCoin() });
      expect(paid.isError).toBeFalsy();
      expect(paid.structuredContent).toHaveProperty('holders');
      expect(paid._meta?.['x402/payment-response']).toMatchObject({ success: true });
    } finally {
      await client.close();
    }
  });

  it("api.md: the free allowance's headers on a read", async () => {
    // A reading server: it takes no launches, so no second launch sweep follows the examples' launches (two processes
    // sending a launch's next transaction at once is left to the devnet, which refuses a pending copy a validator takes).
    const { base } = await s.serve({ config: { ...s.config, allowance: { ...s.config.allowance, perMinute: 120 } }, launch: undefined });
    const printed = await runShExample('api.md', { 'localhost:8080': new URL(base).host }, 1);
    expect(printed).toMatch(/^RateLimit-Policy: /im);
    expect(printed).toMatch(/^RateLimit: /im);
  });

  it('launching.md: a fresh wallet signs the terms and the prepared transactions, and its coin lands on the launchpad', async () => {
    const printed = await runTsExample('launching.md', addresses, { timeoutMs: 120_000 });
    expect(printed).toMatch(/^(pending|confirmed) (sponsored|paid by the creator)$/m);
    expect(printed).toMatch(/^launched: \S+/m);
  });

  it('launching.md: a fresh wallet launches a coin on the pool route', async () => {
    const printed = await runTsExample('launching.md', addresses, { block: 1, timeoutMs: 120_000 });
    expect(printed).toMatch(/pool: '\w+'/);
    expect(printed).toMatch(/signature: '\w+'/);
  });
});
