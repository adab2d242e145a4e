// The submit comparison on compiled transactions: the prepared one passes; additions of compute-budget and
// guard instructions pass; anything else added, removed or changed is named; the priority fee a wallet's
// compute-budget instructions set is computed as the runtime charges it.
import { AccountRole, address, type Address, type Instruction } from '@solana/kit';
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget';
import { getTransferSolInstruction } from '@solana-program/system';
import { createNoopSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { compareWithPrepared, priorityFeeLamports } from '../../../api/launch/verify-submitted.js';
import { compileUnsigned, readTransaction } from '../../../api/launch/wire.js';

const payer = address('8A5AQ9qS4bxEdQHEW1paBMChc6kN6poBTziJSQpLugXY');
const mint = address('32m4etXgt7Vxkhx8HY2o5KN6KuSdotZYhnt1eEnkUXvz');
const program = address('GeaYWq4Fxs6j2SVoyxURypJYaZCp8UoH67TRsLBmpD5j');
const guard = address('FAVqQ52HeoyyEGKTPMKLZbjnrcGgEsXyLSFKXZB3V3HX');
const other = address('HCiL1LPHjBxCnvgkXdu5s4TroFLxJATm56D3ZyoVP4so');
const lifetime = { blockhash: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM', lastValidBlockHeight: 100n };

const launchIx: Instruction = {
  programAddress: program,
  accounts: [
    { address: payer, role: AccountRole.WRITABLE_SIGNER },
    { address: mint, role: AccountRole.WRITABLE_SIGNER },
  ],
  data: new Uint8Array([0, 1, 2, 3]),
};
const rules = { guardProgram: guard, maxPriorityFeeLamports: null, names: new Map<string, string>() };
const read = (ixs: Instruction[], feePayer: Address = payer, hash = lifetime) => readTransaction(compileUnsigned(feePayer, ixs, hash).base64);
const prepared = read([launchIx]);
const problems = (ixs: Instruction[], feePayer?: Address, hash?: typeof lifetime) =>
  compareWithPrepared(prepared, read(ixs, feePayer, hash), rules, 'transaction');

describe('compareWithPrepared', () => {
  it('passes the prepared transaction and allowed additions', () => {
    expect(problems([launchIx])).toEqual([]);
    const guardIx: Instruction = { programAddress: guard, accounts: [{ address: other, role: AccountRole.READONLY }], data: new Uint8Array([9]) };
    expect(problems([getSetComputeUnitLimitInstruction({ units: 200_000 }), launchIx, guardIx])).toEqual([]);
  });

  it('names an added instruction, a missing one, changed data and accounts, fee payer and blockhash', () => {
    const transfer = getTransferSolInstruction({ source: createNoopSigner(payer), destination: other, amount: 1n });
    const added = problems([launchIx, transfer]);
    expect(added).toContainEqual(expect.stringMatching(/added instruction for program 11111111111111111111111111111111 is not allowed/));
    expect(added).toContainEqual(expect.stringMatching(/added account \S+ must be read-only/));
    expect(problems([getSetComputeUnitLimitInstruction({ units: 1 })])).toEqual([
      expect.stringMatching(/prepared instruction 1 \(program \S+\) is missing or changed/),
    ]);
    expect(problems([{ ...launchIx, data: new Uint8Array([0, 1, 2, 4]) }])).toEqual([expect.stringMatching(/instruction 1 \(program \S+\) has changed data/)]);
    const swapped = { ...launchIx, accounts: [launchIx.accounts![0]!, { address: other, role: AccountRole.WRITABLE_SIGNER }] };
    expect(problems([swapped]).join('\n')).toMatch(/account 2 is \S+, prepared as \S+/);
    expect(problems([launchIx], mint).join('\n')).toMatch(/fee payer is \S+, the prepared one is \S+/);
    expect(problems([launchIx], payer, { ...lifetime, blockhash: '5uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM' })).toEqual([
      expect.stringMatching(/blockhash was replaced/),
    ]);
  });

  it('refuses a guard instruction that makes an account writable or a signer', () => {
    const escalate: Instruction = { programAddress: guard, accounts: [{ address: other, role: AccountRole.WRITABLE }], data: new Uint8Array([]) };
    expect(problems([launchIx, escalate])).toEqual([expect.stringMatching(/added account \S+ must be read-only and must not sign/)]);
  });
});

describe('priorityFeeLamports', () => {
  it('is ceil(price * limit / 10^6), with 200k units an instruction when no limit is set', () => {
    expect(priorityFeeLamports(read([launchIx]).instructions)).toBe(0n);
    const withLimit = read([getSetComputeUnitLimitInstruction({ units: 300_000 }), getSetComputeUnitPriceInstruction({ microLamports: 1_000_001n }), launchIx]);
    expect(priorityFeeLamports(withLimit.instructions)).toBe(300_001n);
    const noLimit = read([getSetComputeUnitPriceInstruction({ microLamports: 10n }), launchIx]);
    expect(priorityFeeLamports(noLimit.instructions)).toBe(2n);
  });
});
