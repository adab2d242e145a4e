// The docs examples that pay and launch, run as a reader runs them (docs-blocks.ts) against the service as a paying
// client meets it (paying-service.ts): blocks keep coming, so the examples' payments, airdrops and launches confirm
// while they wait. What each prints is what its page says it prints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTsExample, type Addresses } from './docs-blocks.js';
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

  it('launching.md: a fresh wallet signs the terms and the prepared transactions, and its coin lands on the launchpad', async () => {
    const printed = await runTsExample('launching.md', addresses, { timeoutMs: 120_000 });
    expect(printed).toMatch(/^(pending|confirmed) (sponsored|paid by the creator)$/m);
    expect(printed).toMatch(/^launched: \S+/m);
  });
});
