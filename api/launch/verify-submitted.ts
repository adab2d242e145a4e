// Submit's checks on a signed launch transaction (spec 4.2, 4.3 rule 5): it must be the prepared one apart
// from compute-budget and guard instructions the wallet may add; nothing else added, removed or changed
// (program, data, accounts, roles, fee payer, blockhash); no lookup tables; and every signature the caller
// owes present and valid over the message actually sent. Each problem says what to fix.
import type { Address } from '@solana/kit';
import { getAddressEncoder } from '@solana/kit';
import { verifySignature } from '../../infra/crypto/ed25519.js';
import type { ReadInstruction, ReadTransaction } from './wire.js';

export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111' as Address;
/** Most instructions a wallet may add. */
export const MAX_ADDED_INSTRUCTIONS = 6;
/** Default compute units per instruction when no limit is set (Solana's rule). */
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;
const MAX_UNITS = 1_400_000n;

export interface CompareRules {
  guardProgram: Address;
  /** Highest priority fee (lamports) added instructions may make the fee payer pay; null: no limit. */
  maxPriorityFeeLamports: bigint | null;
  /** Names of the parties whose signatures appear, for messages ("creator", "mint keypair"). */
  names: ReadonlyMap<string, string>;
}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((v, i) => v === b[i]);

function allowedAddition(ix: ReadInstruction, guard: Address): boolean {
  return ix.programAddress === COMPUTE_BUDGET_PROGRAM || ix.programAddress === guard;
}

const ROLE_NAMES = ['read-only', 'writable', 'read-only signer', 'writable signer'];

/** Problems of `submitted` against `prepared`, prefixed with `where` (e.g. "transaction", "transactions[1]"). */
export function compareWithPrepared(prepared: ReadTransaction, submitted: ReadTransaction, rules: CompareRules, where: string): string[] {
  const problems: string[] = [];
  const say = (text: string) => problems.push(`${where}: ${text}`);
  const resign = 'sign the transaction prepare returned as it is (you may add compute-budget or guard instructions only)';
  if (submitted.version !== 0) say(`must be a v0 transaction; ${resign}`);
  if (submitted.lookupTables > 0) say(`must not use address lookup tables; ${resign}`);
  if (submitted.feePayer !== prepared.feePayer) say(`fee payer is ${submitted.feePayer}, the prepared one is ${prepared.feePayer}; ${resign}`);
  if (submitted.blockhash !== prepared.blockhash) say(`blockhash was replaced; ${resign}, or prepare again if it expired`);

  const added = submitted.instructions.filter((ix) => allowedAddition(ix, rules.guardProgram));
  const core = submitted.instructions.filter((ix) => !allowedAddition(ix, rules.guardProgram));
  if (core.length === prepared.instructions.length) {
    prepared.instructions.forEach((p, i) => {
      for (const text of instructionChanges(p, core[i]!, i)) say(`${text}; ${resign}`);
    });
  } else {
    // Instructions were added or removed: match in order, then name what is extra and what is missing.
    let next = 0;
    for (const ix of core) {
      if (next < prepared.instructions.length && sameInstruction(prepared.instructions[next]!, ix)) next++;
      else say(`an added instruction for program ${ix.programAddress} is not allowed: only compute-budget and guard instructions may be added; remove it`);
    }
    for (let i = next; i < prepared.instructions.length; i++) {
      say(`prepared instruction ${i + 1} (program ${prepared.instructions[i]!.programAddress}) is missing or changed; ${resign}`);
    }
  }
  if (added.length > MAX_ADDED_INSTRUCTIONS)
    say(`adds ${added.length} instructions, at most ${MAX_ADDED_INSTRUCTIONS} compute-budget or guard instructions may be added`);

  const preparedRoles = new Map(prepared.accounts.map((a) => [a.address as string, a.role]));
  for (const account of submitted.accounts) {
    const before = preparedRoles.get(account.address);
    if (before === undefined) {
      if (account.role !== 0) say(`added account ${account.address} must be read-only and must not sign; only guard instructions may name extra accounts`);
    } else if (before !== account.role) {
      say(`account ${account.address} is ${ROLE_NAMES[account.role]}, prepared as ${ROLE_NAMES[before]}; ${resign}`);
    }
  }
  if (rules.maxPriorityFeeLamports !== null) {
    const fee = priorityFeeLamports(submitted.instructions);
    if (fee > rules.maxPriorityFeeLamports) {
      say(
        `its compute-budget instructions set a priority fee of ${fee} lamports, more than the ${rules.maxPriorityFeeLamports} a sponsored launch allows; lower the unit price or limit`,
      );
    }
  }
  return problems;
}

function sameInstruction(a: ReadInstruction, b: ReadInstruction): boolean {
  return (
    a.programAddress === b.programAddress &&
    sameBytes(a.data, b.data) &&
    a.accounts.length === b.accounts.length &&
    a.accounts.every((m, i) => m.address === b.accounts[i]!.address)
  );
}

function instructionChanges(p: ReadInstruction, s: ReadInstruction, index: number): string[] {
  const label = `instruction ${index + 1} (program ${p.programAddress})`;
  if (p.programAddress !== s.programAddress) return [`${label} was replaced by one for program ${s.programAddress}`];
  const changes: string[] = [];
  if (!sameBytes(p.data, s.data)) changes.push(`${label} has changed data (amounts or settings differ from the prepared ones)`);
  if (p.accounts.length !== s.accounts.length) {
    changes.push(`${label} names ${s.accounts.length} accounts, the prepared one ${p.accounts.length}`);
  } else {
    p.accounts.forEach((meta, i) => {
      if (meta.address !== s.accounts[i]!.address) changes.push(`${label} account ${i + 1} is ${s.accounts[i]!.address}, prepared as ${meta.address}`);
    });
  }
  return changes;
}

/** The priority fee compute-budget instructions make the fee payer pay: ceil(price * limit / 10^6). */
export function priorityFeeLamports(instructions: readonly ReadInstruction[]): bigint {
  let price = 0n;
  let limit: bigint | null = null;
  for (const ix of instructions) {
    if (ix.programAddress !== COMPUTE_BUDGET_PROGRAM || ix.data.length === 0) continue;
    const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    if (ix.data[0] === 2 && ix.data.length >= 5) limit = BigInt(view.getUint32(1, true));
    if (ix.data[0] === 3 && ix.data.length >= 9) price = view.getBigUint64(1, true);
  }
  const others = BigInt(instructions.filter((ix) => ix.programAddress !== COMPUTE_BUDGET_PROGRAM).length);
  const units = limit ?? (others * DEFAULT_UNITS_PER_INSTRUCTION < MAX_UNITS ? others * DEFAULT_UNITS_PER_INSTRUCTION : MAX_UNITS);
  return (price * units + 999_999n) / 1_000_000n;
}

/** Problems with the signatures the caller owes: every signer but the service's own must have signed the
 * message as submitted. */
export function signatureProblems(
  submitted: ReadTransaction,
  serviceSigners: ReadonlySet<string>,
  names: ReadonlyMap<string, string>,
  where: string,
): string[] {
  const problems: string[] = [];
  const encoder = getAddressEncoder();
  for (const { signer, signature } of submitted.signatures) {
    if (serviceSigners.has(signer)) continue;
    const who = names.get(signer) ?? 'signer';
    if (signature === null) {
      problems.push(`${where}: the ${who} signature (${signer}) is missing; sign with that key`);
    } else if (!verifySignature(new Uint8Array(encoder.encode(signer)), submitted.messageBytes, signature)) {
      problems.push(`${where}: the ${who} signature (${signer}) is not valid for this transaction; sign the transaction as submitted with that key`);
    }
  }
  return problems;
}
