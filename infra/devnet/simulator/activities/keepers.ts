// The service's keepers: fee claims (split 70/12/3/10/5 on chain), graduations of completed curves,
// creator sends, and the daily platform-token buy and burn.
import { getAddMemoInstruction } from '@solana-program/memo';
import { createNoopSigner, type Instruction } from '@solana/kit';
import { divideFees } from '../../../../schemas/programs/fee-split.js';
import { encodeKeeperMemo } from '../../../../schemas/programs/keeper-memo.js';
import { NATIVE_MINT_ID } from '../../../../schemas/programs/token-addresses.js';
import { WELL_KNOWN_KEYS } from '../../genesis/well-known-keys.js';
import { MEMO_PROGRAM, TOKEN_PROGRAM } from '../../runtime/well-known.js';
import { claimInstruction, graduateIx, marketBuyInstructions, readCurve, readPool } from '../market-ops.js';
import type { SimContext } from '../sim-context.js';
import { burnFromOwner, solTransfer, tokenTransfer } from '../token-ops.js';

const LAMPORTS_PER_SOL = 1_000_000_000n;
const PLATFORM_DECIMALS = 6;

export function memo(signer: { address: import('@solana/kit').Address }, text: string): Instruction {
  return getAddMemoInstruction({ memo: text, signers: [createNoopSigner(signer.address)] }, { programAddress: MEMO_PROGRAM });
}

/** Claim every coin's accrued fees and book the holders/creator share in the keeper's ledger. */
export function claimFees(ctx: SimContext): void {
  const keeper = WELL_KNOWN_KEYS.keeper;
  for (const coin of ctx.state.coins) {
    const split = coin.route === 'launchpad' && !coin.graduated ? readCurve(ctx.bank, coin.mint)?.split : readPool(ctx.bank, coin.mint, coin.quoteMint)?.split;
    const claim = claimInstruction(ctx.bank, coin);
    if (!claim || !split) continue;
    const tx = ctx.send('claim-fees', keeper, [claim.instruction], [], { mint: coin.mint, accrued: claim.accrued.toString() });
    if (tx?.meta.err !== null) continue;
    for (const share of divideFees(claim.accrued, split)) {
      if (share.role === 'holders') coin.pot = (BigInt(coin.pot) + share.amount).toString();
      if (share.role === 'creator') coin.creatorEarned = (BigInt(coin.creatorEarned) + share.amount).toString();
    }
    if (coin.baselineSlot === null) coin.baselineSlot = tx.slot;
  }
}

/** Graduate every completed curve into its locked pool. */
export function graduate(ctx: SimContext): void {
  const keeper = WELL_KNOWN_KEYS.keeper;
  for (const coin of ctx.state.coins) {
    if (coin.route !== 'launchpad' || coin.graduated) continue;
    const curve = readCurve(ctx.bank, coin.mint);
    if (!curve?.complete) continue;
    const tx = ctx.send('graduate', keeper, [graduateIx(coin, keeper.address)], [], { mint: coin.mint });
    if (tx?.meta.err === null) coin.graduated = true;
  }
}

/** Send creator-mode earnings on to the creator (or its recipients). */
export function creatorSends(ctx: SimContext): void {
  const vault = WELL_KNOWN_KEYS.creatorVault;
  for (const coin of ctx.state.coins) {
    if (coin.mode !== 'creator') continue;
    const waiting = BigInt(coin.creatorEarned) - BigInt(coin.creatorSent);
    if (waiting <= 0n) continue;
    const payees = coin.recipients.length ? coin.recipients : [{ wallet: ctx.wallet(coin.creator).address, bps: 10_000 }];
    const instructions: Instruction[] = [memo(vault, encodeKeeperMemo({ kind: 'creator-send', mint: coin.mint }))];
    let sent = 0n;
    payees.forEach((payee, i) => {
      const amount = i === payees.length - 1 ? waiting - sent : (waiting * BigInt(payee.bps)) / 10_000n;
      sent += amount;
      if (amount === 0n) return;
      if (coin.quoteMint === NATIVE_MINT_ID) instructions.push(solTransfer(vault.address, payee.wallet, amount));
      else
        instructions.push(
          ...tokenTransfer({
            payer: vault.address,
            from: vault.address,
            to: payee.wallet,
            mint: coin.quoteMint,
            amount,
            decimals: 6,
            tokenProgram: TOKEN_PROGRAM,
          }),
        );
    });
    const tx = ctx.send('creator-send', vault, instructions, [], { mint: coin.mint, amount: waiting.toString(), payees });
    if (tx?.meta.err === null) coin.creatorSent = coin.creatorEarned;
  }
}

/** Once a UTC day: the burn fund buys the platform token with part of its SOL and burns it. */
export function dailyBurn(ctx: SimContext): void {
  const day = new Date(ctx.bank.timeOfSlot(ctx.slot) * 1000).toISOString().slice(0, 10);
  if (ctx.state.lastBurnDay === day) return;
  const fund = WELL_KNOWN_KEYS.burnFund;
  const platformMint = WELL_KNOWN_KEYS.platformTokenMint.address;
  const spend = (ctx.lamports(fund.address) - LAMPORTS_PER_SOL) / 20n;
  const buy = spend > 0n ? marketBuyInstructions(ctx.bank, platformMint, fund.address, spend) : null;
  if (!buy) return;
  const instructions = [
    memo(fund, encodeKeeperMemo({ kind: 'burn', day })),
    ...buy.instructions,
    burnFromOwner({ owner: fund.address, mint: platformMint, amount: buy.tokens, decimals: PLATFORM_DECIMALS, tokenProgram: TOKEN_PROGRAM }),
  ];
  const tx = ctx.send('burn', fund, instructions, [], { day, solCost: spend.toString(), burned: buy.tokens.toString() });
  if (tx?.meta.err === null) ctx.state.lastBurnDay = day;
}
