// What a real wallet does in the launch tests, with @solana/kit only: get funded by airdrop, sign the launch terms
// message, and sign prepared wire transactions (keeping the signatures already there).
import {
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  lamports,
  partiallySignTransaction,
  signBytes,
  type KeyPairSigner,
  type Rpc,
  type SolanaRpcApi,
  type Transaction,
} from '@solana/kit';

export const SOL = 1_000_000_000n;
/** A 1x1 PNG. */
export const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** A request to the API under test. */
export type Inject = <T = Record<string, unknown>>(method: 'GET' | 'POST', url: string, body?: unknown) => Promise<Reply<T>>;

/** A fresh key pair holding `sol` SOL once its airdrop is confirmed; `whileWaiting` keeps the chain moving. */
export async function fundedWallet(
  rpc: Rpc<SolanaRpcApi>,
  sol: bigint,
  whileWaiting: (wait: () => Promise<void>) => Promise<void> = (wait) => wait(),
): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  const signature = await rpc.requestAirdrop(signer.address, lamports(sol * SOL), { commitment: 'confirmed' }).send();
  await whileWaiting(() =>
    waitUntil(async () => {
      const [status] = (await rpc.getSignatureStatuses([signature]).send()).value;
      return status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized';
    }),
  );
  return signer;
}

/** Read the current terms for `wallet`, sign their message and post the acceptance; throws when refused. */
export async function acceptTerms(inject: Inject, wallet: KeyPairSigner): Promise<void> {
  const terms = await inject<{ version: string; signedAt: string; message: string }>('GET', `/api/v1/launch/terms?wallet=${wallet.address}`);
  const signature = await signBytes(wallet.keyPair.privateKey, new TextEncoder().encode(terms.body.message));
  const reply = await inject('POST', '/api/v1/launch/terms', {
    wallet: wallet.address,
    version: terms.body.version,
    signedAt: terms.body.signedAt,
    signature: Buffer.from(signature).toString('base64'),
  });
  if (reply.status !== 200) throw new Error(`terms refused: ${JSON.stringify(reply.body)}`);
}

/** Sign a base64 wire transaction with `signers` as a wallet does (other signatures kept). */
export async function signWire(base64: string, signers: readonly KeyPairSigner[]): Promise<string> {
  const tx = getTransactionDecoder().decode(Buffer.from(base64, 'base64')) as Transaction;
  return getBase64EncodedWireTransaction(
    await partiallySignTransaction(
      signers.map((s) => s.keyPair),
      tx,
    ),
  );
}

export async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
