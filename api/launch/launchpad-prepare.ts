// `POST /launch/launchpad/prepare` (spec 4.3 step 3): validate every field, check terms, the pair (listed by
// the launchpad), offered basket tokens, a fresh mint and the first buy (at most 10% of supply); decide the
// sponsorship; then in one store transaction count the prepare, reserve the sponsor's costs, build the
// transactions and record the launch. Without a first buy the coin and its fee split go in one transaction;
// with one (the largest transaction, which wallets most often extend with their own compute-budget and guard
// instructions), or when one would leave wallets too little room, the fee split follows in a second.
import type { Address } from '@solana/kit';
import { launchpadPrepareBody, type LaunchpadPrepareBody, type LaunchpadPrepareResponse } from '../../schemas/api/launch-launchpad.js';
import { NATIVE_MINT_ID } from '../../schemas/programs/token-addresses.js';
import { addressField } from '../../schemas/api/launch-fields.js';
import type { QuoteConfig } from '../../schemas/programs/launchpad/accounts.js';
import { curvePda } from '../../schemas/programs/launchpad/pdas.js';
import { putImage } from './images.js';
import type { LaunchContext } from './launch-context.js';
import { issueLines } from './launch-error.js';
import { LAUNCHPAD_ROUTE_FEE_BPS, planLaunchpadLaunch, quoteLaunchBuy, type LaunchpadBuy } from './launchpad-build.js';
import { basketProblems, checkUri, countPrepare, creatorProblems, mintInUseProblem, putLaunch, socialsJson, throwProblems } from './prepare-common.js';
import { releaseSponsorship, reserveSponsorship, sponsorBudgetProblem, sponsoredCost, sponsorUnavailable } from './sponsorship.js';
import { compileUnsigned, PACKET_BYTES, type UnsignedTransaction } from './wire.js';

/** Room left in each transaction for the compute-budget and guard instructions wallets add. */
export const WALLET_HEADROOM_BYTES = 300;

const validAddress = (value: unknown): value is Address => addressField().safeParse(value).success;

async function pairProblems(lc: LaunchContext, quoteMint: unknown): Promise<{ config: QuoteConfig | null; problems: string[] }> {
  const mint = quoteMint === undefined ? NATIVE_MINT_ID : quoteMint;
  if (!validAddress(mint)) return { config: null, problems: [] };
  const config = await lc.settings.quoteConfig(mint);
  if (config) return { config, problems: [] };
  return {
    config: null,
    problems: [
      `quoteMint: ${mint} is not a pair the launchpad lists; leave it out for SOL, or use the stablecoin ${lc.config.mints.stablecoin} or another listed token`,
    ],
  };
}

export async function prepareLaunchpadLaunch(lc: LaunchContext, raw: unknown): Promise<LaunchpadPrepareResponse> {
  const parsed = launchpadPrepareBody.safeParse(raw);
  const fields = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const [creatorIssues, mintInUse, pair, mintAccount] = await Promise.all([
    creatorProblems(lc, fields.creator),
    mintInUseProblem(lc, fields.mint, fields.creator),
    pairProblems(lc, fields.quoteMint),
    validAddress(fields.mint) ? lc.chain.account(fields.mint) : Promise.resolve(null),
  ]);
  const problems = [...(parsed.success ? [] : issueLines(parsed.error.issues)), ...basketProblems(lc, fields.basket), ...pair.problems, ...creatorIssues];
  if (mintAccount !== null) problems.push(`mint: ${String(fields.mint)} already exists on chain; generate a fresh keypair`);
  else if (mintInUse) problems.push(mintInUse);

  let buy: LaunchpadBuy | null = null;
  if (parsed.success && parsed.data.buyLamports !== undefined && pair.config) {
    const initial = { quote: pair.config.initialVirtualQuote, token: pair.config.initialVirtualToken };
    const quote = quoteLaunchBuy(initial, BigInt(parsed.data.buyLamports), LAUNCHPAD_ROUTE_FEE_BPS);
    if (quote.tooLarge) {
      problems.push(`buyLamports: buys ${quote.tokens} coins, more than 10% of supply; spend at most ${quote.maxLamportsAllowed} lamports`);
    } else if (quote.tokens === 0n) {
      problems.push('buyLamports: too small to buy a single coin unit; spend more or leave it out');
    } else {
      buy = { tokens: quote.tokens, maxLamports: quote.maxLamports };
    }
  }
  throwProblems(problems);
  const body = parsed.data as LaunchpadPrepareBody;
  const creator = body.creator as Address;
  const mint = body.mint as Address;
  const quoteMint = (body.quoteMint ?? NATIVE_MINT_ID) as Address;
  const quoteConfig = pair.config!;
  const referrer = (body.referrer ?? null) as Address | null;

  const nowMs = lc.now().getTime();
  const [lifetime, unavailable] = await Promise.all([
    lc.chain.latestBlockhash(),
    body.sponsored === false ? Promise.resolve('declined') : sponsorUnavailable(lc, creator),
  ]);
  if (body.sponsored === true && unavailable) throwProblems([`sponsored: ${unavailable}; set sponsored to false to pay the launch yourself`]);
  const uri = lc.metadataUri(mint);
  checkUri(uri);

  const build = (payer: Address): UnsignedTransaction[] => {
    const plan = planLaunchpadLaunch({
      programId: lc.programs.launchpad,
      payer,
      creator,
      mint,
      quoteMint,
      quoteTokenProgram: quoteConfig.quoteTokenProgram,
      name: body.name,
      symbol: body.ticker,
      uri,
      holdersPaid: body.holdersPaid ?? ((body.basket ?? []).length > 0 ? 'basket' : 'pair'),
      basket: (body.basket ?? []).map((entry) => ({ mint: entry.mint as Address, weightBps: entry.weight })),
      buy,
      referrer,
    });
    if (!buy) {
      const one = compileUnsigned(payer, [...plan.coin, ...plan.split], lifetime);
      if (one.size <= PACKET_BYTES - WALLET_HEADROOM_BYTES) return [one];
    }
    return [compileUnsigned(payer, plan.coin, lifetime), compileUnsigned(payer, plan.split, lifetime)];
  };

  const offer = unavailable === null ? build(lc.config.wallets.sponsor) : null;
  const cost = offer
    ? await sponsoredCost(lc, { quoteMint, buy: buy !== null, referrer: referrer !== null, signatures: offer.reduce((n, t) => n + t.signers.length, 0) })
    : 0n;

  // Built outside the store transaction (it holds the store's writes); the other payer's variant only when needed.
  const own = offer ? null : build(creator);

  return lc.opstore.transact(async (tx) => {
    await countPrepare(tx, creator, nowMs);
    let sponsored = false;
    let transactions = own;
    if (offer) {
      const refused = await sponsorBudgetProblem(tx, creator, cost, nowMs);
      if (refused && body.sponsored === true) throwProblems([`sponsored: ${refused}; set sponsored to false to pay the launch yourself`]);
      if (!refused) {
        sponsored = true;
        transactions = offer;
        await reserveSponsorship(tx, mint, creator, cost, nowMs);
      }
    }
    if (!sponsored) await releaseSponsorship(tx, mint);
    transactions ??= build(creator);
    const { image: _image, ...settings } = body;
    const buyJson = buy && { tokens: buy.tokens.toString(), maxLamports: buy.maxLamports.toString() };
    await putLaunch(
      tx,
      {
        id: mint,
        route: 'launchpad',
        creator,
        mintSource: 'browser',
        sponsored,
        market: curvePda(lc.programs.launchpad, mint)[0],
        quoteMint,
        prepared: transactions.map((t) => t.base64),
        lastValidBlockHeight: Number(lifetime.lastValidBlockHeight),
        description: body.description ?? null,
        socials: socialsJson(body.socials),
        settings: JSON.stringify({ ...settings, quoteMint, feeBps: LAUNCHPAD_ROUTE_FEE_BPS, mode: 'holder' }),
        buy: buyJson ? JSON.stringify(buyJson) : null,
      },
      nowMs,
    );
    await putImage(tx, mint, body.image);
    return {
      mint,
      transactions: transactions.map((t) => t.base64),
      buyTokens: buyJson?.tokens ?? null,
      buyMaxLamports: buyJson?.maxLamports ?? null,
      sponsored,
      lastValidBlockHeight: Number(lifetime.lastValidBlockHeight),
    };
  });
}
