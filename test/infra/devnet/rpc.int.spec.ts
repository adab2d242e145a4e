// The devnet's JSON-RPC and PubSub server, driven only through the official @solana/kit client:
// airdrops, transfers, refusals with Solana's typed errors, transaction metadata, commitment levels,
// the SPL token faucet and token reads, and invalid parameters.
import {
  airdropFactory,
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  partiallySignTransactionMessageWithSigners,
  setTransactionMessageFeePayer,
  signTransaction,
  isSolanaError,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM,
  SOLANA_ERROR__JSON_RPC__INVALID_PARAMS,
  SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION,
  SOLANA_ERROR__TRANSACTION_ERROR__ACCOUNT_NOT_FOUND,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
  SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND,
  type Address,
  type Instruction,
  type KeyPairSigner,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
  type TransactionSigner,
} from '@solana/kit';
import { getSystemErrorMessage, getTransferSolInstruction, SYSTEM_ERROR__RESULT_WITH_NEGATIVE_LAMPORTS } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RpcTestChain, STABLECOIN, STABLECOIN_DECIMALS, waitFor } from './rpc-harness.js';

const SOL = 1_000_000_000n;
const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** The devnet's documented custom method (infra/devnet/rpc/README.md). */
type TokenFaucetApi = { requestTokenAirdrop(owner: Address, mint: Address, amount: string): Signature };

let chain: RpcTestChain;
let rpc: Rpc<SolanaRpcApi>;
let rpcSubscriptions: ReturnType<typeof createSolanaRpcSubscriptions>;
let sendAndConfirm: ReturnType<typeof sendAndConfirmTransactionFactory>;
let airdrop: ReturnType<typeof airdropFactory>;

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

async function signedTransaction(feePayer: TransactionSigner, instructions: Instruction[], commitment: 'processed' | 'confirmed' = 'confirmed') {
  const { value: blockhash } = await rpc.getLatestBlockhash({ commitment }).send();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const transaction = await signTransactionMessageWithSigners(message);
  assertIsTransactionWithBlockhashLifetime(transaction);
  return transaction;
}

async function fundedSigner(sol = 2n): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  await airdrop({ recipientAddress: signer.address, lamports: lamports(sol * SOL), commitment: 'confirmed' });
  return signer;
}

beforeAll(async () => {
  chain = await new RpcTestChain().start();
  rpc = createSolanaRpc(chain.server.url);
  rpcSubscriptions = createSolanaRpcSubscriptions(chain.server.wsUrl);
  sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions });
  airdrop = airdropFactory({ rpc, rpcSubscriptions });
});

afterAll(async () => {
  await chain?.stop();
  expect(chain?.errors ?? []).toEqual([]);
});

describe('devnet JSON-RPC through @solana/kit', () => {
  it('answers node and chain queries', async () => {
    const version = await rpc.getVersion().send();
    expect(version['solana-core']).toMatch(/^2\./);
    expect(await rpc.getHealth().send()).toBe('ok');
    expect(await rpc.getGenesisHash().send()).toBe(chain.bank.getBlock(0)!.blockhash);
    const processed = await rpc.getSlot({ commitment: 'processed' }).send();
    const finalized = await rpc.getSlot().send();
    expect(processed).toBeGreaterThanOrEqual(finalized);
    const epoch = await rpc.getEpochInfo({ commitment: 'processed' }).send();
    expect(epoch.slotsInEpoch).toBe(432_000n);
    const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'processed' }).send();
    expect(latest.lastValidBlockHeight).toBe(BigInt(chain.bank.blockhashHeight(latest.blockhash)! + 150));
    const { value: valid } = await rpc.isBlockhashValid(latest.blockhash, { commitment: 'processed' }).send();
    expect(valid).toBe(true);
    expect(await rpc.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n);
    expect(await rpc.getRecentPrioritizationFees().send()).toBeInstanceOf(Array);
  });

  it('airdrops SOL and reports the balance at each commitment', async () => {
    const wallet = await generateKeyPairSigner();
    const signature = await airdrop({ recipientAddress: wallet.address, lamports: lamports(3n * SOL), commitment: 'confirmed' });
    const { value: confirmed } = await rpc.getBalance(wallet.address, { commitment: 'confirmed' }).send();
    expect(confirmed).toBe(3n * SOL);
    const { value: account } = await rpc.getAccountInfo(wallet.address, { commitment: 'confirmed', encoding: 'base64' }).send();
    expect(account).toMatchObject({ lamports: 3n * SOL, owner: SYSTEM_PROGRAM, executable: false, data: ['', 'base64'] });
    // The finalized view catches up 32 slots later.
    await waitFor(async () => ((await rpc.getBalance(wallet.address).send()).value === 3n * SOL ? true : undefined));
    const airdropTx = await rpc.getTransaction(signature, { commitment: 'confirmed', encoding: 'json' }).send();
    expect(airdropTx?.version).toBeUndefined(); // legacy, as a validator's faucet sends it
  });

  it('builds, signs, sends and confirms a SOL transfer, with full metadata', async () => {
    const payer = await fundedSigner();
    const recipient = await generateKeyPairSigner();
    const transaction = await signedTransaction(payer, [
      getTransferSolInstruction({ source: payer, destination: recipient.address, amount: lamports(SOL / 2n) }),
    ]);
    await sendAndConfirm(transaction, { commitment: 'confirmed' });
    const signature = getSignatureFromTransaction(transaction);

    const { value: balance } = await rpc.getBalance(recipient.address, { commitment: 'confirmed' }).send();
    expect(balance).toBe(SOL / 2n);

    const tx = await rpc.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0, encoding: 'json' }).send();
    expect(tx).not.toBeNull();
    expect(tx!.version).toBe(0);
    expect(tx!.meta!.err).toBeNull();
    expect(tx!.meta!.fee).toBe(5000n);
    expect(tx!.meta!.preBalances.slice(0, 2)).toEqual([2n * SOL, 0n]);
    expect(tx!.meta!.postBalances.slice(0, 2)).toEqual([2n * SOL - SOL / 2n - 5000n, SOL / 2n]);
    expect(tx!.meta!.logMessages).toEqual([`Program ${SYSTEM_PROGRAM} invoke [1]`, `Program ${SYSTEM_PROGRAM} success`]);
    expect(tx!.transaction.signatures).toEqual([signature]);
    expect(tx!.transaction.message.accountKeys.slice(0, 2)).toEqual([payer.address, recipient.address]);

    const raw = await rpc.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0, encoding: 'base64' }).send();
    expect(raw!.transaction).toEqual([getBase64EncodedWireTransaction(transaction), 'base64']);

    const error = await caught(rpc.getTransaction(signature, { commitment: 'confirmed', encoding: 'json' }).send());
    expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_UNSUPPORTED_TRANSACTION_VERSION)).toBe(true);
  });

  it('refuses a transaction with a tampered signature', async () => {
    const payer = await fundedSigner();
    const transaction = await signedTransaction(payer, [
      getTransferSolInstruction({ source: payer, destination: (await generateKeyPairSigner()).address, amount: lamports(1000n) }),
    ]);
    const tampered = new Uint8Array(transaction.signatures[payer.address]!);
    tampered[0]! ^= 0xff;
    const forged = { ...transaction, signatures: { ...transaction.signatures, [payer.address]: tampered } } as typeof transaction;
    const error = await caught(sendAndConfirm(forged, { commitment: 'confirmed' }));
    expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_TRANSACTION_SIGNATURE_VERIFICATION_FAILURE)).toBe(true);
  });

  it('refuses an expired blockhash as BlockhashNotFound', async () => {
    const payer = await fundedSigner();
    const transaction = await signedTransaction(payer, [
      getTransferSolInstruction({ source: payer, destination: (await generateKeyPairSigner()).address, amount: lamports(1000n) }),
    ]);
    chain.pause();
    chain.step(152);
    chain.resume();
    const error = await caught(sendAndConfirm(transaction, { commitment: 'confirmed' }));
    expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(true);
    expect(isSolanaError((error as Error).cause, SOLANA_ERROR__TRANSACTION_ERROR__BLOCKHASH_NOT_FOUND)).toBe(true);
  });

  it('refuses a fee payer without an account, and a transfer beyond the balance', async () => {
    const stranger = await generateKeyPairSigner();
    const noAccount = await signedTransaction(stranger, [
      getTransferSolInstruction({ source: stranger, destination: (await generateKeyPairSigner()).address, amount: lamports(1n) }),
    ]);
    const missing = await caught(sendAndConfirm(noAccount, { commitment: 'confirmed' }));
    expect(isSolanaError(missing, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(true);
    expect(isSolanaError((missing as Error).cause, SOLANA_ERROR__TRANSACTION_ERROR__ACCOUNT_NOT_FOUND)).toBe(true);

    const payer = await fundedSigner(1n);
    const tooMuch = await signedTransaction(payer, [
      getTransferSolInstruction({ source: payer, destination: (await generateKeyPairSigner()).address, amount: lamports(5n * SOL) }),
    ]);
    const broke = await caught(sendAndConfirm(tooMuch, { commitment: 'confirmed' }));
    expect(isSolanaError(broke, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(true);
    const cause = (broke as Error).cause;
    expect(isSolanaError(cause, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)).toBe(true);
    if (isSolanaError(cause, SOLANA_ERROR__INSTRUCTION_ERROR__CUSTOM)) {
      expect(cause.context).toMatchObject({ code: SYSTEM_ERROR__RESULT_WITH_NEGATIVE_LAMPORTS, index: 0 });
      expect(getSystemErrorMessage(cause.context.code as typeof SYSTEM_ERROR__RESULT_WITH_NEGATIVE_LAMPORTS)).toBe(
        'account does not have enough SOL to perform the operation',
      );
    }
    if (isSolanaError(broke, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)) {
      expect(broke.context.logs).toContain(`Program ${SYSTEM_PROGRAM} failed: custom program error: 0x1`);
    }
  });

  it('knows a landed transaction by its message: signed again with another fee-payer signature it is already processed', async () => {
    // A co-signed payment: the payer signs first with the fee payer's slot empty, the fee payer signs and sends.
    const feePayer = await fundedSigner();
    const payer = await fundedSigner();
    const recipient = await generateKeyPairSigner();
    const { value: blockhash } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(feePayer.address, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstructions([getTransferSolInstruction({ source: payer, destination: recipient.address, amount: lamports(SOL / 10n) })], m),
    );
    const partial = await partiallySignTransactionMessageWithSigners(message);
    const partialWire = getBase64EncodedWireTransaction(partial);
    const before = await rpc.simulateTransaction(partialWire, { encoding: 'base64', commitment: 'confirmed' }).send();
    expect(before.value.err).toBeNull();

    const full = await signTransaction([feePayer.keyPair], partial);
    assertIsTransactionWithBlockhashLifetime(full);
    await sendAndConfirm(full, { commitment: 'confirmed' });
    expect(partial.signatures[feePayer.address]).toBeNull();

    const after = await rpc.simulateTransaction(partialWire, { encoding: 'base64', commitment: 'confirmed' }).send();
    expect(after.value.err).toBe('AlreadyProcessed');
    const again = await caught(rpc.sendTransaction(getBase64EncodedWireTransaction(full), { encoding: 'base64' }).send());
    expect(isSolanaError(again, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(true);
    expect(isSolanaError((again as Error).cause, SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED)).toBe(true);
    const { value: balance } = await rpc.getBalance(payer.address, { commitment: 'confirmed' }).send();
    expect(balance).toBe(2n * SOL - SOL / 10n);
  });

  it('walks a signature through processed, confirmed and finalized', async () => {
    const payer = await fundedSigner();
    const transaction = await signedTransaction(
      payer,
      [getTransferSolInstruction({ source: payer, destination: (await generateKeyPairSigner()).address, amount: lamports(SOL / 100n) })],
      'processed',
    );
    const signature = getSignatureFromTransaction(transaction);
    chain.pause();
    try {
      const sent = await rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64', preflightCommitment: 'processed' }).send();
      expect(sent).toBe(signature);
      const status = async () => (await rpc.getSignatureStatuses([signature]).send()).value[0];
      expect(await status()).toBeNull();
      chain.step();
      expect(await status()).toMatchObject({ confirmationStatus: 'processed', confirmations: 0n, err: null, status: { Ok: null } });
      chain.step();
      expect(await status()).toMatchObject({ confirmationStatus: 'confirmed', confirmations: 1n });
      chain.step(31);
      expect(await status()).toMatchObject({ confirmationStatus: 'finalized', confirmations: null });
      const finalizedTx = await rpc.getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' }).send();
      expect(finalizedTx?.slot).toBe((await status())!.slot);
    } finally {
      chain.resume();
    }
  });

  it('mints faucet tokens, transfers them with @solana-program/token and reads them back', async () => {
    const owner = await fundedSigner();
    const recipient = await generateKeyPairSigner();
    const faucetRpc = rpc as unknown as Rpc<TokenFaucetApi>;
    const minted = await faucetRpc.requestTokenAirdrop(owner.address, STABLECOIN, '5000000').send();
    await waitFor(async () => {
      const [status] = (await rpc.getSignatureStatuses([minted]).send()).value;
      return status && status.confirmationStatus !== 'processed' ? status : undefined;
    });
    const [ownerAta] = await findAssociatedTokenPda({ owner: owner.address, mint: STABLECOIN, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    const [recipientAta] = await findAssociatedTokenPda({ owner: recipient.address, mint: STABLECOIN, tokenProgram: TOKEN_PROGRAM_ADDRESS });

    const transfer = await signedTransaction(owner, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: owner, ata: recipientAta, owner: recipient.address, mint: STABLECOIN }),
      getTransferCheckedInstruction({
        source: ownerAta,
        mint: STABLECOIN,
        destination: recipientAta,
        authority: owner,
        amount: 1_500_000n,
        decimals: STABLECOIN_DECIMALS,
      }),
    ]);
    await sendAndConfirm(transfer, { commitment: 'confirmed' });

    const { value: accounts } = await rpc
      .getTokenAccountsByOwner(owner.address, { mint: STABLECOIN }, { encoding: 'jsonParsed', commitment: 'confirmed' })
      .send();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.pubkey).toBe(ownerAta);
    expect(accounts[0]!.account.data).toEqual({
      program: 'spl-token',
      parsed: {
        type: 'account',
        info: {
          mint: STABLECOIN,
          owner: owner.address,
          tokenAmount: { amount: '3500000', decimals: 6, uiAmount: 3.5, uiAmountString: '3.5' },
          state: 'initialized',
          isNative: false,
        },
      },
      space: 165n,
    });
    const { value: byProgram } = await rpc
      .getTokenAccountsByOwner(recipient.address, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'base64', commitment: 'confirmed' })
      .send();
    expect(byProgram.map((a) => a.pubkey)).toEqual([recipientAta]);

    const { value: balance } = await rpc.getTokenAccountBalance(recipientAta, { commitment: 'confirmed' }).send();
    expect(balance).toEqual({ amount: '1500000', decimals: 6, uiAmount: 1.5, uiAmountString: '1.5' });
    const { value: supply } = await rpc.getTokenSupply(STABLECOIN, { commitment: 'confirmed' }).send();
    expect(supply.amount).toBe('5000000');

    const tx = await rpc
      .getTransaction(getSignatureFromTransaction(transfer), { commitment: 'confirmed', maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send();
    expect(tx!.meta!.postTokenBalances).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ mint: STABLECOIN, owner: recipient.address, uiTokenAmount: expect.objectContaining({ amount: '1500000' }) }),
      ]),
    );

    const refused = await caught(faucetRpc.requestTokenAirdrop(owner.address, TOKEN_PROGRAM_ADDRESS, '1').send());
    expect(isSolanaError(refused, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS)).toBe(true);
  });

  it('notifies account changes and slots over PubSub', async () => {
    const wallet = await generateKeyPairSigner();
    const abort = new AbortController();
    try {
      const notifications = await rpcSubscriptions
        .accountNotifications(wallet.address, { commitment: 'confirmed', encoding: 'base64' })
        .subscribe({ abortSignal: abort.signal });
      const slots = await rpcSubscriptions.slotNotifications().subscribe({ abortSignal: abort.signal });
      const firstSlot = (async () => {
        for await (const slot of slots) return slot;
      })();
      await rpc.requestAirdrop(wallet.address, lamports(SOL)).send();
      for await (const notification of notifications) {
        expect(notification.value.lamports).toBe(SOL);
        expect(notification.value.data).toEqual(['', 'base64']);
        break;
      }
      expect((await firstSlot)!.slot).toBeGreaterThan(0n);
    } finally {
      abort.abort();
    }
  });

  it('answers invalid parameters with -32602 and unknown methods with -32601', async () => {
    const badKey = await caught(rpc.getBalance('not-a-key' as Address).send());
    expect(isSolanaError(badKey, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS)).toBe(true);
    if (isSolanaError(badKey, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS)) expect(badKey.context.__serverMessage).toBe('Invalid param: Invalid');

    const shortSignature = await caught(rpc.getSignatureStatuses(['3xyz' as Signature]).send());
    if (!isSolanaError(shortSignature, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS)) throw shortSignature;
    expect(shortSignature.context.__serverMessage).toBe('Invalid param: WrongSize');

    const tooMany = await caught(rpc.getMultipleAccounts(Array.from({ length: 101 }, () => STABLECOIN)).send());
    if (!isSolanaError(tooMany, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS)) throw tooMany;
    expect(tooMany.context.__serverMessage).toBe('Too many inputs provided; max 100');

    const processedBlock = await caught(rpc.getBlock(1n, { commitment: 'processed' as 'confirmed' }).send());
    if (!isSolanaError(processedBlock, SOLANA_ERROR__JSON_RPC__INVALID_PARAMS)) throw processedBlock;
    expect(processedBlock.context.__serverMessage).toBe('Method does not support commitment below `confirmed`');

    const unknown = await caught((rpc as unknown as Rpc<{ getNothing(): null }>).getNothing().send());
    expect(isSolanaError(unknown, SOLANA_ERROR__JSON_RPC__METHOD_NOT_FOUND)).toBe(true);
  });
});
