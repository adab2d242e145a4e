// Builds signed wire transactions from @solana/kit instructions with synchronous ed25519 signing:
// the path of the simulator, the faucet and tests that act on the devnet directly. Messages are
// compiled directly (compile-message.ts, byte-identical to kit); what it leaves to kit goes through
// kit's compileTransaction.
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  blockhash as toBlockhash,
  type Address,
  type Instruction,
} from '@solana/kit';
import { signBytes, type Ed25519KeyPair } from '../crypto/ed25519.js';
import { compileMessage, type CompiledMessage } from './compile-message.js';

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

/** kit's compileTransaction: the fallback, and the reference compile-message.ts matches. */
export function compileWithKit(input: BuildTransactionInput): CompiledMessage {
  const message = appendTransactionMessageInstructions(
    input.instructions,
    setTransactionMessageLifetimeUsingBlockhash(
      { blockhash: toBlockhash(input.blockhash), lastValidBlockHeight: input.lastValidBlockHeight ?? 0n },
      setTransactionMessageFeePayer(input.feePayer, createTransactionMessage({ version: input.version ?? 0 })),
    ),
  );
  const compiled = compileTransaction(message);
  return { messageBytes: compiled.messageBytes as unknown as Uint8Array, signers: Object.keys(compiled.signatures) as Address[] };
}

export function buildTransaction(input: BuildTransactionInput): BuiltTransaction {
  const { messageBytes, signers } =
    compileMessage({ feePayer: input.feePayer, instructions: input.instructions, blockhash: input.blockhash, version: input.version ?? 0 }) ??
    compileWithKit(input);
  const byAddress = new Map(input.signers.map((k) => [k.address as string, k]));
  // Wire format: compact-u16 signature count (a message has at most 12 signers), signatures, message.
  const wire = new Uint8Array(1 + 64 * signers.length + messageBytes.length);
  wire[0] = signers.length;
  let signature: Uint8Array | null = null;
  signers.forEach((signer, i) => {
    const key = byAddress.get(signer);
    if (!key) return; // left zeroed
    const bytes = signBytes(key, messageBytes);
    wire.set(bytes, 1 + 64 * i);
    if (signer === input.feePayer) signature = bytes;
  });
  wire.set(messageBytes, 1 + 64 * signers.length);
  return { wire, messageBytes, signature: signature ?? new Uint8Array(64) };
}
