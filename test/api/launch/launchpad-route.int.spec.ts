// The launchpad launch route against a devnet over JSON-RPC: SOL pair with a first buy, the stablecoin pair,
// a sponsored launch (the sponsor pays and signs at submit), one or two transactions as prepare returned
// them, and status from prepared to confirmed. The curve on chain is what was asked for. Another API process
// sweeping the same launch while submit sends its first transaction sends nothing twice, and of two processes sending
// the next transaction at once, the one the chain refuses as already held is not abandoned for it; the same submit
// reaching two API processes at once is one launch.
import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChainClient } from '../../../api/chain.js';
import { launchContextOf } from '../../../api/launch/launch-context.js';
import { advanceLocked, signatureOf } from '../../../api/launch/progress.js';
import { submitLaunch } from '../../../api/launch/submit.js';
import { launches, launchesInFlight } from '../../../api/launch/records.js';
import { decodeCurve } from '../../../schemas/programs/launchpad/accounts.js';
import { curvePda } from '../../../schemas/programs/launchpad/pdas.js';
import { SOL, PNG, signWire, startLaunchHarness, type LaunchHarness } from './launch-harness.js';

interface Prepared {
  mint: string;
  transactions: string[];
  buyTokens: string | null;
  buyMaxLamports: string | null;
  sponsored: boolean;
}

describe('launchpad launch route', () => {
  let h: LaunchHarness;
  beforeAll(async () => {
    h = await startLaunchHarness({ sponsor: true });
  });
  afterAll(async () => {
    await h?.close();
  });

  async function launch(creator: KeyPairSigner, extra: Record<string, unknown>) {
    const mint = await generateKeyPairSigner();
    const prepared = await h.post<Prepared>('/api/v1/launch/launchpad/prepare', {
      creator: creator.address,
      mint: mint.address,
      name: 'Curve Coin',
      ticker: 'CURVE',
      image: PNG,
      ...extra,
    });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const status = await h.get<{ status: string }>(`/api/v1/launch/launchpad/status?mint=${mint.address}`);
    expect(status.body.status).toBe('prepared');
    const transactions = await Promise.all(prepared.body.transactions.map((tx, i) => signWire(tx, i === 0 ? [creator, mint] : [creator])));
    const submitted = await h.post<{ status: string; signature: string }>('/api/v1/launch/launchpad/submit', { mint: mint.address, transactions });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    return { mint: mint.address, prepared: prepared.body, submitted: submitted.body };
  }

  it('launches a SOL pair with a first buy, paid by the creator', async () => {
    const creator = await h.wallet();
    await h.acceptTerms(creator);
    const { mint, prepared, submitted } = await launch(creator, { buyLamports: (SOL / 2n).toString(), sponsored: false });
    expect(prepared.sponsored).toBe(false);
    expect(prepared.transactions).toHaveLength(2);
    expect(BigInt(prepared.buyMaxLamports!)).toBeLessThanOrEqual(SOL / 2n);
    expect(submitted.status).toBe('confirmed');
    const curve = decodeCurve(h.devnet.bank.getAccount(curvePda(h.config.programs.launchpad, mint as Address)[0])!.data)!;
    expect(curve.splitLocked).toBe(true);
    expect(curve.creator).toBe(creator.address);
    expect(curve.curveAllotment - curve.realToken).toBe(BigInt(prepared.buyTokens!));
    const status = await h.get<{ status: string; page: string }>(`/api/v1/launch/launchpad/status?mint=${mint}`);
    expect(status.body).toEqual({ mint, status: 'confirmed', page: `https://launchtape.example/coins/${mint}` });
  });

  it('launches a sponsored stablecoin pair: the sponsor pays, the creator only signs', async () => {
    const creator = await h.wallet(1n);
    await h.acceptTerms(creator);
    const before = (await h.rpc.getBalance(creator.address, { commitment: 'confirmed' }).send()).value;
    const { mint, prepared, submitted } = await launch(creator, { quoteMint: h.config.mints.stablecoin });
    expect(prepared.sponsored).toBe(true);
    expect(prepared.transactions).toHaveLength(1);
    expect(submitted.status).toBe('confirmed');
    const after = (await h.rpc.getBalance(creator.address, { commitment: 'confirmed' }).send()).value;
    expect(after).toBe(before);
    const curve = decodeCurve(h.devnet.bank.getAccount(curvePda(h.config.programs.launchpad, mint as Address)[0])!.data)!;
    expect(curve.quoteMint).toBe(h.config.mints.stablecoin);
    expect(curve.splitLocked).toBe(true);
  });

  it('the background sweep sends the fee split and confirms a pending launch nobody polls', async () => {
    await h.rebuild({
      launch: {
        rpcUrl: h.devnet.rpcUrl!,
        programs: h.config.programs,
        siteUrl: 'https://launchtape.example',
        keys: h.keys,
        confirmWaitMs: 50,
        pollMs: 20,
        sweepIntervalMs: 30,
      },
    });
    await h.app.ready();
    try {
      const { mint, transactions } = await signedLaunch('Swept');
      h.pause();
      const submitted = await h.post<{ status: string }>('/api/v1/launch/launchpad/submit', { mint, transactions });
      expect(submitted.body.status).toBe('pending');
      h.resume();
      for (let i = 0; ; i++) {
        const record = await h.opstore.get(launches, mint);
        if (record?.state === 'confirmed') {
          expect(record.sent).toBe(2);
          break;
        }
        if (i > 500) throw new Error(`launch stuck at ${record?.state}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await h.opstore.get(launchesInFlight, mint)).toBeNull();
      expect(decodeCurve(h.devnet.bank.getAccount(curvePda(h.config.programs.launchpad, mint)[0])!.data)!.splitLocked).toBe(true);
    } finally {
      await h.rebuild({});
    }
  });

  /** A creator's two-transaction launch (a first buy, paid by the creator), prepared and signed, not submitted. */
  async function signedLaunch(name: string) {
    const creator = await h.wallet();
    await h.acceptTerms(creator);
    const mint = await generateKeyPairSigner();
    const prepared = await h.post<Prepared>('/api/v1/launch/launchpad/prepare', {
      creator: creator.address,
      mint: mint.address,
      name,
      ticker: name.toUpperCase(),
      image: PNG,
      buyLamports: (SOL / 10n).toString(),
      sponsored: false,
    });
    expect(prepared.body.transactions).toHaveLength(2);
    const transactions = await Promise.all(prepared.body.transactions.map((tx, i) => signWire(tx, i === 0 ? [creator, mint] : [creator])));
    return { mint: mint.address, transactions };
  }

  /** Another API process on the same operational store and chain: a launch context, and so a lock, of its own. */
  const anotherProcess = () =>
    launchContextOf({
      launch: {
        rpcUrl: h.devnet.rpcUrl!,
        programs: h.config.programs,
        siteUrl: 'https://launchtape.example',
        keys: h.keys,
        confirmWaitMs: 0,
        pollMs: 20,
        sweepIntervalMs: 0,
      },
      opstore: h.opstore,
      config: h.config,
    })!;

  /** With the chain paused, each send reaches it after the one before has landed (the chain steps after each), as a
   * validator takes a transaction it already holds: a second process's copy comes after the first's. */
  function sendsInTurn() {
    const send = ChainClient.prototype.send;
    let previous: Promise<unknown> = Promise.resolve();
    return vi.spyOn(ChainClient.prototype, 'send').mockImplementation(function (this: ChainClient, wire: string) {
      const mine = previous
        .then(() => send.call(this, wire))
        .then((outcome) => {
          h.devnet.step(2);
          return outcome;
        });
      previous = mine.catch(() => undefined);
      return mine;
    });
  }

  /** Polls the launch's status until it is no longer sending; its state then. */
  async function settled(mint: string) {
    while ((await h.opstore.get(launches, mint))?.state === 'sending') {
      await h.get(`/api/v1/launch/launchpad/status?mint=${mint}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return (await h.opstore.get(launches, mint))?.state;
  }

  it('sends each transaction once when another API process sweeps the launch while submit sends the first', async () => {
    const { mint, transactions } = await signedLaunch('Twice');
    const other = anotherProcess();
    const sent: string[] = [];
    const send = ChainClient.prototype.send;
    const spy = vi.spyOn(ChainClient.prototype, 'send').mockImplementation(async function (this: ChainClient, wire: string) {
      sent.push(signatureOf(wire));
      // Submit has recorded the launch as sending and its first send is under way: the other process sweeps now.
      if (sent.length === 1) await advanceLocked(other, mint);
      return send.call(this, wire);
    });
    try {
      const submitted = await h.post<{ status: string }>('/api/v1/launch/launchpad/submit', { mint, transactions });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      for (let i = 0; (await h.opstore.get(launches, mint))?.state !== 'confirmed'; i++) {
        expect((await h.opstore.get(launches, mint))?.state).not.toBe('abandoned');
        if (i > 300) throw new Error('the launch did not land');
        await advanceLocked(other, mint);
        await h.get(`/api/v1/launch/launchpad/status?mint=${mint}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(sent).toEqual(transactions.map(signatureOf));
    } finally {
      spy.mockRestore();
    }
  });

  it('takes a refused send of a transaction the chain already holds as sent, when two processes send it at once', async () => {
    const { mint, transactions } = await signedLaunch('Race');
    const [first, second] = transactions.map(signatureOf);
    // The chain stands still while submit sends the first and waits for it: submit answers pending.
    h.pause();
    const submitted = await h.post<{ status: string }>('/api/v1/launch/launchpad/submit', { mint, transactions });
    expect(submitted.body.status).toBe('pending');
    const landed = async (signature: string) =>
      ['confirmed', 'finalized'].includes((await h.rpc.getSignatureStatuses([signature as never]).send()).value[0]?.confirmationStatus ?? '');
    while (!(await landed(first!))) h.devnet.step(1);
    expect((await h.opstore.get(launches, mint))?.sent).toBe(1);
    // The first has landed: two processes, each with a lock of its own, step the launch at once.
    const spy = sendsInTurn();
    try {
      const steps = await Promise.all([advanceLocked(anotherProcess(), mint), advanceLocked(anotherProcess(), mint)]);
      expect(spy).toHaveBeenCalledTimes(2);
      expect(steps.map((record) => [record?.state, record?.sent])).toEqual([
        ['sending', 2],
        ['sending', 2],
      ]);
    } finally {
      spy.mockRestore();
      h.resume();
    }
    expect(await settled(mint)).toBe('confirmed');
    expect(await landed(second!)).toBe(true);
  });

  it('makes the same submit reaching two API processes at once one launch', async () => {
    const { mint, transactions } = await signedLaunch('Retry');
    h.pause();
    const spy = sendsInTurn();
    try {
      const answers = await Promise.allSettled([
        submitLaunch(anotherProcess(), 'launchpad', mint, transactions),
        submitLaunch(anotherProcess(), 'launchpad', mint, transactions),
      ]);
      expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value.state : String(answer.reason)))).toEqual(['sending', 'sending']);
    } finally {
      spy.mockRestore();
      h.resume();
    }
    expect(await settled(mint)).toBe('confirmed');
  });
});
