// Builds signed wire transactions from @solana/kit instructions with synchronous ed25519 signing:
// the path of the simulator, the faucet and tests that act on the devnet directly.
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  getTransactionEncoder,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  blockhash as toBlockhash,
  type Address,
  type Instruction,
} from '@solana/kit';
import { signBytes, type Ed25519KeyPair } from '../crypto/ed25519.js';

const transactionEncoder = getTransactionEncoder();

export interface BuildTransactionInput {
  feePayer: Address;
  instructions: readonly Instruction[];
  blockhash: string;
  lastValidBlockHeight?: bigint;
  /** Key pairs for every signer the message needs; missing ones leave a zeroed signature. */
  signers: readonly Ed25519KeyPair[];
  version?: 'legacy' | 0;
}

export interface BuiltTransaction {
  wire: Uint8Array;
  messageBytes: Uint8Array;
  signature: Uint8Array;
}

export function buildTransaction(input: BuildTransactionInput): BuiltTransaction {
  const message = appendTransactionMessageInstructions(
    input.instructions,
    setTransactionMessageLifetimeUsingBlockhash(
      { blockhash: toBlockhash(input.blockhash), lastValidBlockHeight: input.lastValidBlockHeight ?? 0n },
      setTransactionMessageFeePayer(input.feePayer, createTransactionMessage({ version: input.version ?? 0 })),
    ),
  );
  const compiled = compileTransaction(message);
  const messageBytes = compiled.messageBytes as unknown as Uint8Array;
  const byAddress = new Map(input.signers.map((k) => [k.address as string, k]));
  const signatures: Record<string, Uint8Array | null> = {};
  for (const signer of Object.keys(compiled.signatures)) {
    const key = byAddress.get(signer);
    signatures[signer] = key ? signBytes(key, messageBytes) : null;
  }
  const wire = new Uint8Array(transactionEncoder.encode({ ...compiled, signatures } as typeof compiled));
  return { wire, messageBytes, signature: signatures[input.feePayer] ?? new Uint8Array(64) };
}
