// The x402 facilitator's signer for Solana: the service's fee payer, whose key stays sealed in the operational store
// (infra/keys) and is opened only to sign one payment's message, and the chain's JSON-RPC. Before a co-signed payment
// leaves the process, its signature is handed to `beforeSend`, so the payment's record names the transaction before
// it can exist anywhere else.
import { getBase58Decoder, getBase64EncodedWireTransaction, type Address, type Base64EncodedWireTransaction, type SignatureBytes } from '@solana/kit';
import { decodeTransactionFromPayload, type FacilitatorSvmSigner } from '@x402/svm';
import type { ServiceKeys } from '../../infra/keys/service-keys.js';
import { transactionErrorText, type ChainClient } from '../chain.js';
import type { Confirmations } from './confirmations.js';
import { paymentKey } from './payment-records.js';

export interface FeePayerSignerDeps {
  feePayer: Address;
  keys: ServiceKeys;
  chain: ChainClient;
  /** Called with the payment's record key and the signature its transaction will carry, before it is sent. */
  beforeSend(key: string, signature: string): Promise<void>;
  /** Follows sent payments until confirmed. */
  confirmations: Confirmations;
  /** How long a sent payment is followed before settlement reports it pending. */
  confirmWaitMs: number;
}

const base58 = getBase58Decoder();

export function feePayerSigner(deps: FeePayerSignerDeps): FacilitatorSvmSigner {
  return {
    getAddresses: () => [deps.feePayer],

    async signTransaction(transaction, feePayer) {
      if (feePayer !== deps.feePayer) throw new Error(`the service holds no key for fee payer ${feePayer}`);
      const tx = decodeTransactionFromPayload({ transaction });
      const signature = (await deps.keys.sign(feePayer, new Uint8Array(tx.messageBytes))) as SignatureBytes;
      await deps.beforeSend(paymentKey(new Uint8Array(tx.messageBytes)), base58.decode(signature));
      return getBase64EncodedWireTransaction({ ...tx, signatures: { ...tx.signatures, [feePayer]: signature } });
    },

    async simulateTransaction(transaction) {
      const { value } = await deps.chain.rpc
        .simulateTransaction(transaction as Base64EncodedWireTransaction, {
          encoding: 'base64',
          sigVerify: false,
          replaceRecentBlockhash: false,
          commitment: 'confirmed',
        })
        .send();
      if (value.err) throw new Error(`the payment fails on chain: ${transactionErrorText(value.err)}`);
    },

    // Preflight refuses a payment that can no longer land (already processed, blockhash expired, funds gone) before
    // it is forwarded, so a refusal here means nothing was sent.
    async sendTransaction(transaction) {
      const sent = await deps.chain.send(transaction);
      if (!sent.ok) throw new Error(sent.error);
      return sent.signature;
    },

    confirmTransaction: (signature) => deps.confirmations.wait(signature, deps.confirmWaitMs),
  };
}
