// Webhooks end to end on the devnet: a wallet creates a webhook through the signed API with @solana/kit signatures,
// the simulator launches, graduates and pays out, the dispatcher delivers from the event log to a local HTTPS
// receiver (its test CA trusted through NODE_EXTRA_CA_CERTS, loopback allowed for the test), and the receiver gets
// every event exactly once per event id, each verifying with the secret create returned (by hand and with the
// Standard Webhooks library), with data equal to the chain's: the launch and graduation transactions' program
// events and the keeper's payout rounds.
import { DEVNET_ADDRESSES } from '../../schemas/devnet-addresses.js';
import { valuingMints } from '../../projections/prices/sol-value.js';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPair, getAddressFromPublicKey, signBytes } from '@solana/kit';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app.js';
import { webhookEventBodies } from '../../schemas/api/webhook-events.js';
import type { SimAction, SimActionKind } from '../../infra/devnet/simulator/action-log.js';
import { newEncryptionKey } from '../../infra/keys/secret-box.js';
import { openOpStore } from '../../infra/opstore/open-op-store.js';
import type { OpStore } from '../../infra/opstore/op-store.js';
import { WebhookDispatcher } from '../../projections/webhooks/dispatcher.js';
import { programDataLogs } from '../../schemas/programs/event-set.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import { decodeLaunchpadEvent } from '../../schemas/programs/launchpad/events.js';
import { decodePoolVenueEvent } from '../../schemas/programs/pool-venue/events.js';
import { CONFIG, simWallet } from '../ingest/chain-fixture.js';
import { waitFor } from '../ingest/ingest-harness.js';
import { startService, type ServiceHarness } from './service-harness.js';

const SEED = 61;
const TUNE = { claimEvery: 20, firstRoundAt: 50, roundEvery: 20, graduationAt: 30, graduationEvery: 30 };
const FIXTURES = new URL('../fixtures/webhooks/', import.meta.url);

interface Received {
  headers: Record<string, string>;
  body: string;
}

let h: ServiceHarness;
let opstore: OpStore;
let dispatcher: WebhookDispatcher;
let receiver: Server;
let dir: string;
const received: Received[] = [];
let secret = '';
let last = 0;

const ok = (kind: SimActionKind) => h.devnet.simulator!.log.ofKind(kind).filter((action) => action.ok && action.slot <= last);
const coinOf = (mint: string) => h.devnet.simulator!.state.coins.find((coin) => coin.mint === mint)!;

function programEvents(action: SimAction) {
  const tx = h.devnet.bank.getBlock(action.slot)!.transactions.find((t) => t.signature === action.signature)!;
  return programDataLogs(tx.meta.logMessages ?? []).flatMap((log) => {
    const event =
      log.programId === CONFIG.programs.launchpad
        ? decodeLaunchpadEvent(log.bytes)
        : log.programId === CONFIG.programs.poolVenue
          ? decodePoolVenueEvent(log.bytes)
          : null;
    return event === null ? [] : [event];
  });
}

async function signedCall(keyPair: Awaited<ReturnType<typeof generateKeyPair>>, wallet: string, lines: string[]) {
  const time = new Date().toISOString();
  const message = ['Service webhooks', ...lines.map((line) => line.replace('<wallet>', wallet)), `Time: ${time}`].join('\n');
  const signature = Buffer.from(await signBytes(keyPair.privateKey, new TextEncoder().encode(message))).toString('base64');
  return { wallet, time, signature };
}

beforeAll(async () => {
  received.length = 0;
  receiver = createServer(
    { key: readFileSync(new URL('localhost-key.pem', FIXTURES)), cert: readFileSync(new URL('localhost.pem', FIXTURES)) },
    (request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ headers: request.headers as Record<string, string>, body });
        response.writeHead(204).end();
      });
    },
  );
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as { port: number }).port;

  h = await startService({ seed: SEED, tune: TUNE });
  dir = mkdtempSync(join(tmpdir(), 'launchtape-webhooks-e2e-'));
  opstore = await openOpStore({ dataDir: dir });
  const sealKey = newEncryptionKey();
  const policy = { allowLoopback: true };
  dispatcher = await WebhookDispatcher.open({
    log: h.log,
    opstore,
    sealKey,
    events: {
      network: 'devnet',
      siteUrl: 'https://launchtape.example',
      pairSymbol: (mint) => (mint === 'So11111111111111111111111111111111111111112' ? 'SOL' : null),
      valuing: valuingMints(DEVNET_ADDRESSES.stablecoinMint),
    },
    policy,
    pollWaitMs: 20,
  });
  dispatcher.start();
  const app = buildApp({ olap: h.olap, views: h.views, config: CONFIG, opstore, webhooks: { sealKey, policy, network: 'devnet' } });

  const keyPair = await generateKeyPair();
  const wallet = await getAddressFromPublicKey(keyPair.publicKey);
  const url = `https://127.0.0.1:${port}/hooks`;
  const events = ['coin.launched', 'coin.graduated', 'payout.paid'];
  const call = await signedCall(keyPair, wallet, ['Action: create', 'Wallet: <wallet>', `URL: ${url}`, `Events: ${events.join(',')}`, 'Coins: all']);
  const created = await app.inject({ method: 'POST', url: '/api/v1/webhooks/create', payload: { ...call, url, events } });
  expect(created.statusCode).toBe(201);
  secret = created.json<{ secret: string }>().secret;
  await app.close();

  await h.step(130);
  last = await h.settle();
  const expected = ok('launch').length + ok('graduate').length + ok('payout-round').length;
  await waitFor(() => received.length >= expected, `${expected} deliveries`, 60_000);
  await new Promise((resolve) => setTimeout(resolve, 300)); // nothing more may come
}, 180_000);

afterAll(async () => {
  await dispatcher?.stop();
  await h?.stop();
  await opstore?.close();
  receiver?.close();
  rmSync(dir, { recursive: true, force: true });
});

type Sent = { id: string; type: string; network: string; occurredAt: string; data: Record<string, unknown> };
const bodies = (): Sent[] => received.map((r) => JSON.parse(r.body) as Sent);
const ofType = (type: string) => bodies().filter((b) => b.type === type);

describe('webhooks on the devnet', () => {
  it('the story had launches on both routes, graduations and payout rounds', () => {
    expect(new Set(ok('launch').map((a) => a.detail.route))).toEqual(new Set(['launchpad', 'pool-venue']));
    expect(ok('graduate').length).toBeGreaterThan(0);
    expect(ok('payout-round').length).toBeGreaterThan(0);
  });

  it('delivers every event exactly once per event id, each verifying with the secret from create', () => {
    const ids = bodies().map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(ok('launch').length + ok('graduate').length + ok('payout-round').length);
    const standard = new Webhook(secret.slice('whsec_'.length));
    for (const { headers, body } of received) {
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(headers['service-signature']!)!;
      expect(createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${t}.${body}`).digest('hex')).toBe(v1);
      expect(Math.abs(Date.now() / 1000 - Number(t))).toBeLessThan(300);
      const parsed = JSON.parse(body) as Sent;
      expect(headers['service-event']).toBe(parsed.type);
      expect(headers['service-event-id']).toBe(parsed.id);
      expect(standard.verify(body, headers)).toEqual(parsed);
      expect(parsed.network).toBe('devnet');
      expect(webhookEventBodies[parsed.type as keyof typeof webhookEventBodies].safeParse(parsed).error).toBeUndefined();
    }
  });

  it('coin.launched carries the launch as the chain has it', () => {
    const launches = ok('launch');
    expect(
      ofType('coin.launched')
        .map((b) => b.data.mint)
        .sort(),
    ).toEqual(launches.map((a) => a.detail.mint as string).sort());
    for (const action of launches) {
      const sent = ofType('coin.launched').find((b) => b.data.mint === action.detail.mint)!;
      const coin = coinOf(action.detail.mint as string);
      const created = programEvents(action).find((e) => e.name === 'CoinCreated' || e.name === 'PoolCreated')!;
      const data = created.data as { feeBps: number; creator: string; curve?: string; pool?: string; quoteMint: string; name?: string; symbol?: string };
      expect(sent.data).toMatchObject({
        mint: coin.mint,
        mode: coin.mode,
        feeBps: data.feeBps,
        creator: simWallet(SEED, coin.creator).address,
        venue: coin.route,
        pair: { mint: coin.quoteMint },
        paidIn: { kind: coin.holdersPaid, basket: coin.basket.map(({ mint, weightBps }) => ({ mint, weight: weightBps })) },
        signature: action.signature,
        page: `https://launchtape.example/coins/${coin.mint}`,
      });
      expect(data.creator).toBe(sent.data.creator);
      if (created.name === 'CoinCreated') expect(sent.data.curve).toBe(data.curve);
      else expect(sent.data.pool).toBe(data.pool);
      expect(sent.data).not.toHaveProperty('route');
      expect(Object.keys(sent.data.untrusted as object).sort()).toEqual(['name', 'symbol', 'uri']);
    }
  });

  it('coin.graduated carries the locked pool and the amounts moved, from the Graduated event', () => {
    const graduations = ok('graduate');
    expect(ofType('coin.graduated')).toHaveLength(graduations.length);
    for (const action of graduations) {
      const event = programEvents(action).find((e) => e.name === 'Graduated')!.data as {
        mint: string;
        pool: string;
        curve: string;
        tokenAmount: bigint;
        quoteAmount: bigint;
      };
      const sent = ofType('coin.graduated').find((b) => b.data.mint === event.mint)!;
      expect(sent.data).toMatchObject({
        pool: event.pool,
        curve: event.curve,
        coinAmount: event.tokenAmount.toString(),
        quoteAmount: event.quoteAmount.toString(),
      });
    }
  });

  it('payout.paid carries each round with the holders the keeper paid and the amounts, to the raw unit', () => {
    const rounds = ok('payout-round');
    const prices = ok('price');
    /** The SOL paid: the pot in lamports, a stablecoin pot at the last price posted at or before the round's slot. */
    const lamportsOf = (pot: bigint, quoteMint: string, slot: number): string | null => {
      if (quoteMint === NATIVE_MINT_ID) return pot.toString();
      const price = prices.filter((p) => p.slot <= slot).at(-1)?.detail.solMicroUsd as string | undefined;
      return quoteMint !== DEVNET_ADDRESSES.stablecoinMint || price === undefined ? null : ((pot * 10n ** 15n) / (10n ** 6n * BigInt(price))).toString();
    };
    expect(rounds.some((action) => coinOf(action.detail.mint as string).quoteMint === DEVNET_ADDRESSES.stablecoinMint)).toBe(true);
    expect(ofType('payout.paid')).toHaveLength(rounds.length);
    for (const action of rounds) {
      const sent = ofType('payout.paid').find((b) => b.data.mint === action.detail.mint && b.data.round === action.detail.round)!;
      const tokens = action.detail.tokens as { token: string; amounts: Record<string, string> }[];
      const paidWallets = new Set(
        tokens.flatMap((t) =>
          Object.entries(t.amounts)
            .filter(([, a]) => BigInt(a) > 0n)
            .map(([w]) => w),
        ),
      );
      expect(sent.data).toMatchObject({
        round: action.detail.round,
        snapshotSlot: action.detail.snapshotSlot,
        potSpent: action.detail.pot,
        potSpentLamports: lamportsOf(BigInt(action.detail.pot as string), coinOf(action.detail.mint as string).quoteMint, action.slot!),
        holdersPaid: paidWallets.size,
        signature: action.signature,
      });
      const paid = new Map((sent.data.tokens as { mint: string; paid: string }[]).map((t) => [t.mint, t.paid]));
      for (const token of tokens) {
        expect(paid.get(token.token)).toBe(
          Object.values(token.amounts)
            .reduce((sum, a) => sum + BigInt(a), 0n)
            .toString(),
        );
      }
    }
  });
});
