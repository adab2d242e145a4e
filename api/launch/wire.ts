// Launch transactions on the wire: compile unsigned v0 transactions with @solana/kit (every signature slot
// zeroed), and read back a signed one: its message bytes, its signatures by signer, its instructions with
// each account's role in the message.
import {
  appendTransactionMessageInstructions,
  blockhash as toBlockhash,
  compileTransaction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getInstructionsFromCompiledTransactionMessage,
  getTransactionDecoder,
  getTransactionEncoder,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit';

/** Largest wire transaction the chain takes (a packet). */
export const PACKET_BYTES = 1_232;

export interface Lifetime {
  blockhash: string;
  lastValidBlockHeight: bigint;
}

export interface UnsignedTransaction {
  /** The wire transaction, signatures zeroed, base64. */
  base64: string;
  messageBytes: Uint8Array;
  /** Signers in message order (fee payer first). */
  signers: Address[];
  /** Wire size in bytes. */
  size: number;
}

export function compileUnsigned(feePayer: Address, instructions: readonly Instruction[], lifetime: Lifetime): UnsignedTransaction {
  const message = appendTransactionMessageInstructions(
    instructions,
    setTransactionMessageLifetimeUsingBlockhash(
      { blockhash: toBlockhash(lifetime.blockhash), lastValidBlockHeight: lifetime.lastValidBlockHeight },
      setTransactionMessageFeePayer(feePayer, createTransactionMessage({ version: 0 })),
    ),
  );
  const tx = compileTransaction(message);
  const base64 = getBase64EncodedWireTransaction(tx);
  return {
    base64,
    messageBytes: new Uint8Array(tx.messageBytes),
    signers: Object.keys(tx.signatures) as Address[],
    size: Buffer.byteLength(base64, 'base64'),
  };
}

export interface ReadInstruction {
  programAddress: Address;
  accounts: { address: Address; role: number }[];
  data: Uint8Array;
}

export interface ReadTransaction {
  messageBytes: Uint8Array;
  version: number | 'legacy';
  feePayer: Address;
  blockhash: string;
  /** Accounts in message order, with their role in the message. */
  accounts: { address: Address; role: number }[];
  instructions: ReadInstruction[];
  lookupTables: number;
  /** Signatures by signer in message order; null where the slot is empty. */
  signatures: { signer: Address; signature: Uint8Array | null }[];
}

export class WireError extends Error {
  override name = 'WireError';
}

/** Decode a base64 wire transaction; WireError when it is not one. */
export function readTransaction(base64: string): ReadTransaction {
  const bytes = Buffer.from(base64, 'base64');
  let tx: Transaction;
  let compiled: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>;
  try {
    tx = getTransactionDecoder().decode(bytes);
    compiled = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
  } catch {
    throw new WireError('is not a wire transaction (base64 of signatures then a v0 message)');
  }
  if (getTransactionEncoder().encode(tx).length !== bytes.length) throw new WireError('has trailing bytes after the transaction');
  const lookups = (compiled as { addressTableLookups?: unknown[] }).addressTableLookups ?? [];
  let instructions: ReadInstruction[];
  try {
    instructions = getInstructionsFromCompiledTransactionMessage(compiled).map((ix) => ({
      programAddress: ix.programAddress,
      accounts: (ix.accounts ?? []).map((meta) => ({ address: meta.address, role: meta.role as number })),
      data: new Uint8Array(ix.data ?? new Uint8Array(0)),
    }));
  } catch {
    throw new WireError('has instructions that point outside its accounts');
  }
  const header = compiled.header;
  const staticAccounts = compiled.staticAccounts as Address[];
  const accounts = staticAccounts.map((address, i) => ({ address, role: staticRole(header, staticAccounts.length, i) }));
  return {
    messageBytes: new Uint8Array(tx.messageBytes),
    version: compiled.version,
    feePayer: staticAccounts[0]!,
    blockhash: compiled.lifetimeToken,
    accounts,
    instructions,
    lookupTables: lookups.length,
    signatures: Object.entries(tx.signatures).map(([signer, signature]) => ({
      signer: signer as Address,
      signature: signature === null || isZero(signature) ? null : new Uint8Array(signature),
    })),
  };
}

interface Header {
  numSignerAccounts: number;
  numReadonlySignerAccounts: number;
  numReadonlyNonSignerAccounts: number;
}

/** Role of static account `i` (AccountRole: 0 readonly, 1 writable, 2 readonly signer, 3 writable signer). */
function staticRole(header: Header, total: number, i: number): number {
  const signer = i < header.numSignerAccounts;
  const writable = signer ? i < header.numSignerAccounts - header.numReadonlySignerAccounts : i < total - header.numReadonlyNonSignerAccounts;
  return (signer ? 2 : 0) | (writable ? 1 : 0);
}

function isZero(bytes: Uint8Array): boolean {
  return bytes.every((b) => b === 0);
}

/** The wire transaction with `signatures` in place of its own (same order and count), base64. */
export function withSignatures(read: ReadTransaction, signatures: readonly Uint8Array[]): string {
  const entries = read.signatures.map((entry, i) => [entry.signer, (signatures[i] ?? new Uint8Array(64)) as SignatureBytes] as const);
  const tx = { messageBytes: read.messageBytes, signatures: Object.fromEntries(entries) } as unknown as Transaction;
  return Buffer.from(getTransactionEncoder().encode(tx)).toString('base64');
}
