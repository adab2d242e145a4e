// The paid-calls bench's buyers: fresh key pairs funded from the devnet's faucets (the stablecoin they pay with,
// and SOL for the direct transfers the chain's own confirmation is timed with; the payments themselves cost a payer
// no SOL, the service's fee payer pays their fee), each with the official x402 client set up as a buyer sets it up:
// @x402/fetch's x402Client with @x402/svm's exact scheme, spending only the stablecoin, at most a Premium price a
// payment.
import { createSolanaRpc, generateKeyPairSigner, lamports, type Address, type KeyPairSigner, type Rpc, type Signature } from '@solana/kit';
import { x402Client } from '@x402/fetch';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { associatedTokenAddress } from '../../../schemas/programs/associated-token.js';
import { TOKEN_PROGRAM_ID } from '../../../schemas/programs/token-addresses.js';
import { waitConfirmed } from './chain-wait.js';
import type { PaidChain } from './paid-calls-devnet.js';

export interface Payer {
  signer: KeyPairSigner;
  client: x402Client;
}

/** The devnet's token faucet (infra/devnet/rpc/README.md): mints faucet tokens to the owner's associated account. */
type FaucetApi = { requestTokenAirdrop(owner: Address, mint: Address, amount: string): Signature };

/** 1 SOL: each direct transfer moves about a thousand lamports and pays a 5,000-lamport fee. */
const PAYER_LAMPORTS = 1_000_000_000n;

/** `count` payers holding `stablecoinEach` raw units of the stablecoin each. */
export async function fundPayers(chain: PaidChain, count: number, stablecoinEach: bigint): Promise<Payer[]> {
  const rpc = createSolanaRpc(chain.rpcUrl);
  const faucet = rpc as unknown as Rpc<FaucetApi>;
  return Promise.all(
    Array.from({ length: count }, async () => {
      const signer = await generateKeyPairSigner();
      await waitConfirmed(rpc, await rpc.requestAirdrop(signer.address, lamports(PAYER_LAMPORTS)).send());
      await waitConfirmed(rpc, await faucet.requestTokenAirdrop(signer.address, chain.stablecoin, stablecoinEach.toString()).send());
      const client = new x402Client()
        .register(chain.network, new ExactSvmScheme(signer, { rpcUrl: chain.rpcUrl }))
        .setSpendControls({ allowedAssets: [{ network: chain.network, asset: chain.stablecoin, maxAmountPerPayment: chain.prices.premium }] });
      return { signer, client };
    }),
  );
}

/** Raw units of the stablecoin `owner` holds (0 without an account), at confirmed. */
export async function stablecoinBalance(chain: PaidChain, owner: Address): Promise<bigint> {
  const account = associatedTokenAddress(owner, chain.stablecoin, TOKEN_PROGRAM_ID);
  const balance = await createSolanaRpc(chain.rpcUrl)
    .getTokenAccountBalance(account, { commitment: 'confirmed' })
    .send()
    .catch(() => null);
  return balance === null ? 0n : BigInt(balance.value.amount);
}
