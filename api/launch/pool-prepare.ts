// `POST /launch/prepare` (spec 4.2 step 3): validate every field, check terms, offered basket tokens and live
// hooks, then in one store transaction count the prepare (5 a wallet an hour), take a mint from the service's
// address pool when it has one (else the caller's fresh mint), build the unsigned v0 transaction and record
// the launch. Problems come back all at once.
import type { Address } from '@solana/kit';
import { poolPrepareBody, type PoolPrepareBody, type PoolPrepareResponse } from '../../schemas/api/launch-pool.js';
import { hookFlagsFromIds } from '../../schemas/programs/coin-rules.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import type { LaunchContext } from './launch-context.js';
import { issueLines } from './launch-error.js';
import { planPoolLaunch } from './pool-build.js';
import {
  basketProblems,
  checkUri,
  countPrepare,
  creatorProblems,
  hookProblems,
  mintInUseProblem,
  putLaunch,
  socialsJson,
  throwProblems,
} from './prepare-common.js';
import { dropImage, putImage } from './images.js';
import { compileUnsigned } from './wire.js';

export async function preparePoolLaunch(lc: LaunchContext, raw: unknown): Promise<PoolPrepareResponse> {
  const parsed = poolPrepareBody.safeParse(raw);
  const fields = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const [creatorIssues, mintInUse] = await Promise.all([creatorProblems(lc, fields.creator), mintInUseProblem(lc, fields.mint, fields.creator)]);
  const problems = [
    ...(parsed.success ? [] : issueLines(parsed.error.issues)),
    ...basketProblems(lc, fields.basket),
    ...hookProblems(lc, fields.hooks),
    ...creatorIssues,
  ];
  throwProblems(problems);
  const body = parsed.data as PoolPrepareBody;
  const creator = body.creator as Address;

  const nowMs = lc.now().getTime();
  const [lifetime, venue, callerMintAccount] = await Promise.all([
    lc.chain.latestBlockhash(),
    lc.settings.poolVenueConfig(nowMs),
    lc.chain.account(body.mint as Address),
  ]);
  const callerMintProblem = callerMintAccount !== null ? `mint: ${body.mint} already exists on chain; generate a fresh keypair` : mintInUse;

  return lc.opstore.transact(async (tx) => {
    const poolMint = lc.keys ? await lc.keys.takePoolMint(tx, `launch by ${creator}`, nowMs) : null;
    if (!poolMint) throwProblems(callerMintProblem ? [callerMintProblem] : []);
    const mint = poolMint ?? (body.mint as Address);
    await countPrepare(tx, creator, nowMs);

    const uri = lc.metadataUri(mint);
    checkUri(uri);
    const plan = planPoolLaunch({
      programId: lc.programs.poolVenue,
      creator,
      mint,
      name: body.name,
      symbol: body.ticker,
      uri,
      mode: body.mode,
      feeBps: body.feeBps,
      basket: (body.basket ?? []).map((entry) => ({ mint: entry.mint as Address, weightBps: entry.weight })),
      recipients: (body.recipients ?? []).map((r) => ({ wallet: r.wallet as Address, bps: Math.round(r.pct * 100) })),
      buyBps: body.buyBps ?? 0,
      hookFlags: hookFlagsFromIds(body.hooks ?? []) ?? 0,
      launchVirtualQuote: venue.launchVirtualQuote,
    });
    const unsigned = compileUnsigned(creator, [plan.instruction], lifetime);
    const buy = plan.buy && { bps: plan.buy.bps, tokens: plan.buy.tokens.toString(), maxLamports: plan.buy.maxLamports.toString() };
    const { image: _image, ...settings } = body;
    await putLaunch(
      tx,
      {
        id: mint,
        route: 'pool-venue',
        creator,
        mintSource: poolMint ? 'pool' : 'browser',
        sponsored: false,
        market: plan.pool,
        quoteMint: NATIVE_MINT_ID,
        prepared: [unsigned.base64],
        lastValidBlockHeight: Number(lifetime.lastValidBlockHeight),
        description: body.description ?? null,
        socials: socialsJson(body.socials),
        settings: JSON.stringify({ ...settings, mint, callerMint: body.mint, tokenProgram: plan.tokenProgram }),
        buy: buy ? JSON.stringify(buy) : null,
      },
      nowMs,
    );
    if (body.image) await putImage(tx, mint, body.image);
    else await dropImage(tx, mint);
    return {
      mint,
      pool: plan.pool,
      transaction: unsigned.base64,
      lastValidBlockHeight: Number(lifetime.lastValidBlockHeight),
      buy,
      mintSource: poolMint ? 'pool' : 'browser',
    };
  });
}
