// Compiles instructions into legacy or v0 message bytes directly, byte for byte as @solana/kit's
// compileTransaction does (same account merging and ordering: fee payer, then signers, then writable,
// then kit's address collation). Returns null for what it leaves to kit (lookup-table accounts,
// invalid or over-limit input) so the caller falls back and gets kit's result or error.
import { getAddressComparator, type Address, type Instruction } from '@solana/kit';
import { addressBytesView } from '../../schemas/base58.js';

const compareAddresses = getAddressComparator();
const MAX_ACCOUNTS = 64;
const MAX_SIGNERS = 12;
const MAX_INSTRUCTIONS = 64;
const MAX_INSTRUCTION_ACCOUNTS = 255;

export interface CompiledMessage {
  messageBytes: Uint8Array;
  /** The message's signer accounts, in order (the fee payer first). */
  signers: Address[];
}

interface Entry {
  address: Address;
  /** kit's AccountRole: bit 0 writable, bit 1 signer. */
  role: number;
  feePayer: boolean;
}

const isSigner = (role: number) => role >= 2;
const isWritable = (role: number) => (role & 1) !== 0;

function byKitOrder(a: Entry, b: Entry): number {
  if (a.feePayer !== b.feePayer) return a.feePayer ? -1 : 1;
  if (isSigner(a.role) !== isSigner(b.role)) return isSigner(a.role) ? -1 : 1;
  if (isWritable(a.role) !== isWritable(b.role)) return isWritable(a.role) ? -1 : 1;
  return compareAddresses(a.address, b.address);
}

/** Accounts in kit's insertion order with merged roles, or null where kit would throw or use lookup tables. */
function collectAccounts(feePayer: Address, instructions: readonly Instruction[]): Entry[] | null {
  const entries = new Map<string, Entry>([[feePayer, { address: feePayer, role: 3, feePayer: true }]]);
  const invoked = new Set<string>();
  for (const ix of instructions) {
    const program = ix.programAddress;
    invoked.add(program);
    const existing = entries.get(program);
    if (existing && isWritable(existing.role)) return null; // kit: programs cannot pay fees or be writable
    if (!existing) entries.set(program, { address: program, role: 0, feePayer: false });
    if (!ix.accounts) continue;
    if (ix.accounts.length > MAX_INSTRUCTION_ACCOUNTS) return null;
    for (const meta of ix.accounts) {
      const role: number = meta.role;
      if ('lookupTableAddress' in meta || !(role === 0 || role === 1 || role === 2 || role === 3)) return null;
      const entry = entries.get(meta.address);
      if (!entry) entries.set(meta.address, { address: meta.address, role, feePayer: false });
      else if (!entry.feePayer) {
        if (invoked.has(meta.address) && isWritable(role)) return null;
        entry.role |= role;
      }
    }
  }
  return [...entries.values()];
}

const shortU16Size = (value: number) => (value < 0x80 ? 1 : value < 0x4000 ? 2 : 3);

/** Writes bytes into a message buffer of exactly the right size. */
class Writer {
  offset = 0;
  constructor(readonly out: Uint8Array) {}
  byte(value: number): void {
    this.out[this.offset++] = value;
  }
  shortU16(value: number): void {
    while (value >= 0x80) {
      this.byte((value & 0x7f) | 0x80);
      value >>= 7;
    }
    this.byte(value);
  }
  bytes(value: Uint8Array): void {
    this.out.set(value, this.offset);
    this.offset += value.length;
  }
}

/** The message bytes and signers kit would compile, or null when kit must decide. */
export function compileMessage(input: {
  feePayer: Address;
  instructions: readonly Instruction[];
  blockhash: string;
  version: 'legacy' | 0;
}): CompiledMessage | null {
  const { instructions, version } = input;
  if ((version !== 'legacy' && version !== 0) || instructions.length > MAX_INSTRUCTIONS) return null;
  const collected = collectAccounts(input.feePayer, instructions);
  if (!collected || collected.length > MAX_ACCOUNTS) return null;
  const ordered = collected.sort(byKitOrder);
  let numSigners = 0;
  let numReadonlySigners = 0;
  let numReadonlyNonSigners = 0;
  for (const { role } of ordered) {
    if (isSigner(role)) {
      numSigners++;
      if (!isWritable(role)) numReadonlySigners++;
    } else if (!isWritable(role)) numReadonlyNonSigners++;
  }
  if (numSigners > MAX_SIGNERS) return null;

  let keyBytes: Uint8Array[];
  let blockhashBytes: Uint8Array;
  try {
    keyBytes = ordered.map((e) => addressBytesView(e.address));
    blockhashBytes = addressBytesView(input.blockhash);
  } catch {
    return null; // not an address or blockhash: kit reports it
  }
  const indexOf = new Map<string, number>();
  for (const [i, e] of ordered.entries()) indexOf.set(e.address, i);

  let size = (version === 0 ? 2 : 0) + 3 + shortU16Size(ordered.length) + 32 * (ordered.length + 1) + shortU16Size(instructions.length);
  for (const ix of instructions) {
    const data = ix.data ?? new Uint8Array(0);
    if (!(data instanceof Uint8Array) || data.length > 0xffff) return null;
    const numAccounts = ix.accounts?.length ?? 0;
    size += 1 + shortU16Size(numAccounts) + numAccounts + shortU16Size(data.length) + data.length;
  }
  const w = new Writer(new Uint8Array(size));
  if (version === 0) w.byte(0x80);
  w.byte(numSigners);
  w.byte(numReadonlySigners);
  w.byte(numReadonlyNonSigners);
  w.shortU16(ordered.length);
  for (const bytes of keyBytes) w.bytes(bytes);
  w.bytes(blockhashBytes);
  w.shortU16(instructions.length);
  for (const ix of instructions) {
    const data = ix.data ?? new Uint8Array(0);
    w.byte(indexOf.get(ix.programAddress)!);
    w.shortU16(ix.accounts?.length ?? 0);
    for (const meta of ix.accounts ?? []) w.byte(indexOf.get(meta.address)!);
    w.shortU16(data.length);
    w.bytes(data as Uint8Array);
  }
  if (version === 0) w.shortU16(0); // no address table lookups
  const out = w.out;
  return { messageBytes: out, signers: ordered.slice(0, numSigners).map((e) => e.address) };
}
