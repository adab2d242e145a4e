// Submit, shared by both routes (spec 4.2 step 4, 4.3 step 4, 3.3): the signed transactions must be the
// prepared ones apart from allowed additions, with every signature the caller owes; the service adds its own
// (address-pool mint, sponsor), records the exact transactions, sends the first once and follows the launch
// for a few seconds. The same transactions submitted again never send again and answer the launch's state;
// different ones after a submit are refused.
import { createHash } from 'node:crypto';
import type { Address } from '@solana/kit';
import type { LaunchContext } from './launch-context.js';
import { LaunchError } from './launch-error.js';
import { abandon, advanceFor, signatureOf } from './progress.js';
import { launches, launchesInFlight, type LaunchRecord } from './records.js';
import { compareWithPrepared, signatureProblems } from './verify-submitted.js';
import { readTransaction, WireError, withSignatures, type ReadTransaction } from './wire.js';

/** Highest priority fee a wallet's compute-budget instructions may put on the sponsor, lamports. */
export const MAX_SPONSORED_PRIORITY_FEE = 100_000n;

type Route = LaunchRecord['route'];

const ROUTE_STEPS: Record<Route, { prepare: string; submit: string; field: (i: number) => string }> = {
  'pool-venue': { prepare: 'POST /launch/prepare', submit: 'POST /launch/submit', field: () => 'transaction' },
  launchpad: { prepare: 'POST /launch/launchpad/prepare', submit: 'POST /launch/launchpad/submit', field: (i) => `transactions[${i}]` },
};

function hashOf(transactions: readonly string[]): string {
  return createHash('sha256').update(transactions.join('\n')).digest('hex');
}

export async function submitLaunch(lc: LaunchContext, route: Route, mint: string, transactions: readonly string[]): Promise<LaunchRecord> {
  const steps = ROUTE_STEPS[route];
  return lc.withLock(`launch:${mint}`, async () => {
    const record = await lc.opstore.get(launches, mint);
    if (!record) throw new LaunchError(404, [`mint: no launch is prepared at ${mint}; call ${steps.prepare} first`]);
    if (record.route !== route) {
      throw new LaunchError(400, [`mint: ${mint} was prepared on the other route; submit it with ${ROUTE_STEPS[record.route].submit}`]);
    }
    const hash = hashOf(transactions);
    if (record.submittedHash !== null) {
      if (record.submittedHash !== hash) {
        throw new LaunchError(409, [
          `mint: the launch at ${mint} was already submitted (signature ${record.signatures[0]}); it is not sent again: follow it with its signature, never sign and send again`,
        ]);
      }
      return advanceFor(lc, record, lc.confirmWaitMs);
    }
    if (record.state === 'abandoned') throw new LaunchError(410, [`mint: ${record.reason ?? 'this launch was abandoned'}`]);
    if (transactions.length !== record.prepared.length) {
      throw new LaunchError(400, [
        `transactions: prepare returned ${record.prepared.length} transaction(s); submit all of them, signed, in the order prepare returned them`,
      ]);
    }
    const height = await lc.chain.blockHeight();
    if (height > BigInt(record.lastValidBlockHeight)) {
      await abandon(lc, record, `the blockhash expired at block height ${record.lastValidBlockHeight} before submit; prepare the launch again`);
      throw new LaunchError(410, [
        `${steps.field(0)}: its blockhash expired (the chain passed block height ${record.lastValidBlockHeight}); prepare the launch again with ${steps.prepare}`,
      ]);
    }

    const serviceSigners = new Set<string>();
    if (record.mintSource === 'pool') serviceSigners.add(record.id);
    if (record.sponsored) serviceSigners.add(lc.config.wallets.sponsor);
    const names = new Map<string, string>([
      [record.creator, 'creator'],
      [record.id, 'mint keypair'],
      [lc.config.wallets.sponsor, 'sponsor'],
    ]);
    const problems: string[] = [];
    const reads: ReadTransaction[] = [];
    transactions.forEach((base64, i) => {
      const where = steps.field(i);
      let submitted: ReadTransaction;
      try {
        submitted = readTransaction(base64);
      } catch (error) {
        if (!(error instanceof WireError)) throw error;
        problems.push(`${where}: ${error.message}`);
        return;
      }
      const prepared = readTransaction(record.prepared[i]!);
      const rules = { guardProgram: lc.programs.guard, maxPriorityFeeLamports: record.sponsored ? MAX_SPONSORED_PRIORITY_FEE : null, names };
      const changes = compareWithPrepared(prepared, submitted, rules, where);
      problems.push(...changes);
      if (changes.length === 0) problems.push(...signatureProblems(submitted, serviceSigners, names, where));
      reads.push(submitted);
    });
    if (problems.length > 0) throw new LaunchError(400, problems);

    const signed: string[] = [];
    for (const read of reads) {
      const signatures: Uint8Array[] = [];
      for (const { signer, signature } of read.signatures) {
        if (serviceSigners.has(signer)) {
          if (!lc.keys) throw new LaunchError(503, ['launching is not available right now (the service keys are not loaded); try again later']);
          signatures.push(await lc.keys.sign(signer as Address, read.messageBytes));
        } else {
          signatures.push(signature!);
        }
      }
      signed.push(withSignatures(read, signatures));
    }
    const signatures = signed.map(signatureOf);
    const now = lc.now().getTime();
    await lc.opstore.transact(async (tx) => {
      await tx.update(launchesInFlight, mint, { state: 'sending' });
      return tx.update(launches, mint, { state: 'sending', submittedHash: hash, signed, signatures, sent: 0, updatedAt: now });
    });
    const outcome = await lc.chain.send(signed[0]!);
    // Refused, unless the chain holds it already: the same submit reached another API process, which sent it first.
    if (!outcome.ok && (await lc.chain.statuses([signatures[0]!]))[0] === null) {
      await lc.opstore.transact(async (tx) => {
        await tx.update(launchesInFlight, mint, { state: 'prepared' });
        await tx.update(launches, mint, { state: 'prepared', submittedHash: null, signed: [], signatures: [], updatedAt: now });
      });
      throw new LaunchError(400, [`${steps.field(0)}: the chain refused it, nothing was sent: ${outcome.error}; fix the cause and submit again`]);
    }
    const sending = await lc.opstore.update(launches, mint, { sent: 1, updatedAt: lc.now().getTime() });
    return advanceFor(lc, sending, lc.confirmWaitMs);
  });
}
