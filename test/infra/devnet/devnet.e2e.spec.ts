// The assembled devnet through official clients only: @solana/kit launches a coin and buys it on
// the launchpad, sends and confirms; the Yellowstone client receives the launchpad transactions
// with full metadata and the program's events.
import {
  addSignersToTransactionMessage,
  airdropFactory,
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getSignatureFromTransaction,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
  type KeyPairSigner,
  type Rpc,
  type SolanaRpcApi,
} from '@solana/kit';
import { getCreateAssociatedTokenIdempotentInstruction, findAssociatedTokenPda, fetchToken } from '@solana-program/token';
import { CommitmentLevel, type SubscribeUpdate } from '@triton-one/yellowstone-grpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Devnet } from '../../../infra/devnet/devnet.js';
import { YellowstoneClient } from '../../../infra/yellowstone/client.js';
import { DEVNET_ADDRESSES } from '../../../schemas/devnet-addresses.js';
import { buyExactOut } from '../../../schemas/programs/curve-math.js';
import { decodeCurve } from '../../../schemas/programs/launchpad/accounts.js';
import { buyInstruction, createCoinInstruction, lockFeeSplitInstruction } from '../../../schemas/programs/launchpad/builders.js';
import { SOL_CURVE } from '../../../schemas/programs/launchpad/constants.js';
import { decodeLaunchpadEvent } from '../../../schemas/programs/launchpad/events.js';
import { curvePda } from '../../../schemas/programs/launchpad/pdas.js';
import { TOKEN_PROGRAM_ID } from '../../../schemas/programs/token-addresses.js';

const LAUNCHPAD = DEVNET_ADDRESSES.launchpadProgram as Parameters<typeof buyInstruction>[0]['programId'];
const SOL = 1_000_000_000n;
const base58 = getBase58Decoder();

describe('devnet end to end with official clients', () => {
  let devnet: Devnet;
  let rpc: Rpc<SolanaRpcApi>;
  let sendAndConfirm: ReturnType<typeof sendAndConfirmTransactionFactory>;
  let creator: KeyPairSigner;
  let trader: KeyPairSigner;

  beforeAll(async () => {
    devnet = await Devnet.start({ speed: 'realtime', slotMs: 50, simulate: false, rpcPort: 0, grpcPort: 0 });
    rpc = createSolanaRpc(devnet.rpcUrl!);
    const rpcSubscriptions = createSolanaRpcSubscriptions(devnet.wsUrl!);
    sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions });
    const airdrop = airdropFactory({ rpc, rpcSubscriptions });
    [creator, trader] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    await airdrop({ recipientAddress: creator.address, lamports: lamports(10n * SOL), commitment: 'confirmed' });
    await airdrop({ recipientAddress: trader.address, lamports: lamports(20n * SOL), commitment: 'confirmed' });
  });

  afterAll(async () => {
    await devnet?.stop();
  });

  async function send(payer: KeyPairSigner, instructions: Instruction[], extraSigners: KeyPairSigner[] = []) {
    const { value: blockhash } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
      (m) => addSignersToTransactionMessage(extraSigners, m),
    );
    const signed = await signTransactionMessageWithSigners(message);
    assertIsTransactionWithBlockhashLifetime(signed);
    await sendAndConfirm(signed, { commitment: 'confirmed' });
    return getSignatureFromTransaction(signed);
  }

  it('launches a coin, buys it to the raw unit, and streams both over Yellowstone', async () => {
    const client = new YellowstoneClient(devnet.grpcUrl!, undefined, undefined);
    await client.connect();
    const stream = await client.subscribe();
    const received: SubscribeUpdate[] = [];
    stream.on('data', (update: SubscribeUpdate) => {
      if (update.transaction) received.push(update);
    });
    stream.write({
      accounts: {},
      slots: {},
      transactions: { launchpad: { vote: false, failed: false, accountInclude: [LAUNCHPAD], accountExclude: [], accountRequired: [] } },
      transactionsStatus: {},
      blocks: {},
      blocksMeta: {},
      entry: {},
      accountsDataSlice: [],
      commitment: CommitmentLevel.CONFIRMED,
    });

    const mint = await generateKeyPairSigner();
    const launchSignature = await send(
      creator,
      [
        createCoinInstruction({
          programId: LAUNCHPAD,
          payer: creator.address,
          creator: creator.address,
          mint: mint.address,
          args: {
            name: 'Test Coin',
            symbol: 'TEST',
            uri: 'https://example.com/t.json',
            mode: 'holder',
            holdersPaid: 'pair',
            basket: [],
            feeBps: 100,
            hooks: 0,
          },
        }),
        lockFeeSplitInstruction({ programId: LAUNCHPAD, creator: creator.address, mint: mint.address, referrer: null }),
      ],
      [mint],
    );

    const tokens = 1_000_000n * 1_000_000n; // one million whole coins
    const quote = buyExactOut({ quote: SOL_CURVE.initialVirtualQuote, token: SOL_CURVE.initialVirtualToken }, tokens, 100);
    const before = (await rpc.getBalance(trader.address, { commitment: 'confirmed' }).send()).value;
    const [ata] = await findAssociatedTokenPda({ owner: trader.address, mint: mint.address, tokenProgram: TOKEN_PROGRAM_ID });
    const buySignature = await send(trader, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: trader, ata, owner: trader.address, mint: mint.address }),
      buyInstruction({
        programId: LAUNCHPAD,
        trader: trader.address,
        mint: mint.address,
        tokenProgram: TOKEN_PROGRAM_ID,
        args: { tokenAmount: tokens, maxQuoteIn: quote.total },
      }),
    ]);

    const token = await fetchToken(rpc, ata, { commitment: 'confirmed' });
    expect(token.data.amount).toBe(tokens);
    const tx = await rpc.getTransaction(buySignature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0, encoding: 'json' }).send();
    const after = (await rpc.getBalance(trader.address, { commitment: 'confirmed' }).send()).value;
    const rent = await rpc.getMinimumBalanceForRentExemption(165n).send();
    expect(before - after).toBe(quote.total + tx!.meta!.fee + rent);
    const curveAccount = devnet.bank.getAccount(curvePda(LAUNCHPAD, mint.address)[0])!;
    expect(decodeCurve(curveAccount.data)!.accruedFees).toBe(quote.fee);

    const deadline = Date.now() + 10_000;
    while (received.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    stream.destroy();
    const signatures = received.map((u) => base58.decode(u.transaction!.transaction!.signature));
    expect(signatures).toEqual([launchSignature, buySignature]);
    const buyUpdate = received[1]!.transaction!.transaction!;
    expect(buyUpdate.meta!.fee).toBe(tx!.meta!.fee.toString());
    const events = buyUpdate
      .meta!.logMessages.filter((line) => line.startsWith('Program data: '))
      .map((line) => decodeLaunchpadEvent(Buffer.from(line.slice('Program data: '.length), 'base64')));
    const trade = events.find((e) => e?.name === 'Trade');
    expect(trade?.data).toMatchObject({ mint: mint.address, tokenAmount: tokens });
  });
});
