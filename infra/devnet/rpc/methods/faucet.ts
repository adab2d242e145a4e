// Faucets. requestAirdrop: the faucet key sends a real System transfer, as a test validator's faucet
// does. requestTokenAirdrop (devnet only, see README): the faucet creates the owner's associated
// token account if needed and mints faucet tokens to it, in one real transaction.
import { createNoopSigner, type Address, type Instruction } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { getCreateAssociatedTokenIdempotentInstruction, getMintToInstruction } from '@solana-program/token';
import { associatedTokenAddress } from '../../../../schemas/programs/associated-token.js';
import { WELL_KNOWN_KEYS } from '../../genesis/well-known-keys.js';
import { sanitizeTransaction, TransactionRejected } from '../../runtime/sanitize.js';
import { ASSOCIATED_TOKEN_PROGRAM } from '../../runtime/well-known.js';
import { isTokenProgram } from '../../runtime/token-layout.js';
import { buildTransaction } from '../../tx-builder.js';
import { commitment, verifyHash, verifyPubkey } from '../config.js';
import type { RpcContext } from '../context.js';
import type { MethodHandler } from '../dispatch.js';
import { internalError, invalidParams, RpcError } from '../errors.js';
import { optional, parseParams, SerdeError, str, struct, u64, type Decoder } from '../params.js';
import { unpackMint } from '../parse-token.js';
import { transactionErrorText } from '../tx-error-text.js';

/** Mints whose authority the faucet holds: the stablecoin, the platform token and the basket tokens. */
export const FAUCET_MINTS: readonly Address[] = [
  WELL_KNOWN_KEYS.stablecoinMint.address,
  WELL_KNOWN_KEYS.platformTokenMint.address,
  ...WELL_KNOWN_KEYS.basketMints.map((k) => k.address),
];

/**
 * Sign with the faucet and land in the working slot. A duplicate of a transaction already sent answers
 * with its signature, as a validator's faucet does; other refusals are the faucet's failure.
 * With `preflight`, a transaction that would fail is refused instead of landing.
 */
function sendFromFaucet(ctx: RpcContext, instructions: Instruction[], blockhash: string, version: 'legacy' | 0, preflight: boolean): string {
  const { wire } = buildTransaction({ feePayer: ctx.faucet.address, instructions, blockhash, signers: [ctx.faucet], version });
  let tx;
  try {
    tx = ctx.bank.check(wire);
  } catch (error) {
    if (error instanceof TransactionRejected && error.err === 'AlreadyProcessed') return sanitizeTransaction(wire).signature;
    throw internalError();
  }
  try {
    if (preflight) {
      const { meta } = ctx.bank.simulate(tx);
      if (meta.err) {
        throw internalError(`Token airdrop failed: ${transactionErrorText(meta.err)}`, { err: meta.err, logs: meta.logMessages });
      }
    }
    return ctx.bank.execute(tx).signature;
  } catch (error) {
    if (error instanceof RpcError) throw error;
    throw internalError();
  }
}

const requestAirdrop: MethodHandler<RpcContext> = (params, ctx) => {
  const [text, lamports, config] = parseParams(
    params,
    [str, u64, optional(struct('RpcRequestAirdropConfig', { recentBlockhash: optional(str), commitment }))],
    2,
  );
  const recipient = verifyPubkey(text);
  const blockhash = config?.recentBlockhash !== undefined ? verifyHash(config.recentBlockhash) : ctx.bank.blockAt(config?.commitment ?? 'confirmed').blockhash;
  const instruction = getTransferSolInstruction({ source: createNoopSigner(ctx.faucet.address), destination: recipient, amount: lamports });
  return sendFromFaucet(ctx, [instruction], blockhash, 'legacy', false);
};

/** A raw token amount: a decimal string or a JSON integer, within u64. */
const rawAmount: Decoder<bigint> = (v) => {
  if (typeof v === 'string') {
    if (!/^(0|[1-9][0-9]*)$/.test(v) || BigInt(v) >= 1n << 64n)
      throw new SerdeError(`invalid value: string ${JSON.stringify(v)}, expected a raw token amount (u64)`);
    return BigInt(v);
  }
  return u64(v);
};

const requestTokenAirdrop: MethodHandler<RpcContext> = (params, ctx) => {
  const [ownerText, mintText, amount, config] = parseParams(params, [str, str, rawAmount, optional(struct('RpcTokenAirdropConfig', { commitment }))], 3);
  const owner = verifyPubkey(ownerText);
  const mint = verifyPubkey(mintText);
  if (!FAUCET_MINTS.includes(mint)) {
    throw invalidParams(`Invalid param: ${mint} is not a faucet token; the faucet mints ${FAUCET_MINTS.join(', ')}`);
  }
  const mintAccount = ctx.bank.getAccount(mint);
  const state = mintAccount && isTokenProgram(mintAccount.owner) ? unpackMint(mintAccount.data) : null;
  if (!mintAccount || !state) throw invalidParams(`Invalid param: faucet token ${mint} does not exist on this chain`);
  if (state.mintAuthority !== ctx.faucet.address) throw invalidParams(`Invalid param: the faucet no longer holds the mint authority of ${mint}`);
  const tokenProgram = mintAccount.owner;
  const faucet = createNoopSigner(ctx.faucet.address);
  const instructions = [
    getCreateAssociatedTokenIdempotentInstruction(
      { payer: faucet, ata: associatedTokenAddress(owner, mint, tokenProgram), owner, mint, tokenProgram },
      { programAddress: ASSOCIATED_TOKEN_PROGRAM },
    ),
    getMintToInstruction({ mint, token: associatedTokenAddress(owner, mint, tokenProgram), mintAuthority: faucet, amount }, { programAddress: tokenProgram }),
  ];
  return sendFromFaucet(ctx, instructions, ctx.bank.blockAt(config?.commitment ?? 'confirmed').blockhash, 0, true);
};

export const faucetMethods: [string, MethodHandler<RpcContext>][] = [
  ['requestAirdrop', requestAirdrop],
  ['requestTokenAirdrop', requestTokenAirdrop],
];
