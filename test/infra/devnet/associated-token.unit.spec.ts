// The Associated Token Account program on the devnet: Create / CreateIdempotent / RecoverNested for
// SPL Token and Token-2022, checked for layout, logs, inner instructions (its CPIs), errors and conservation.
import { createNoopSigner, type Address, type Instruction } from '@solana/kit';
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system';
import {
  AuthorityType,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getCreateAssociatedTokenInstruction,
  getInitializeMint2Instruction,
  getMintToInstruction,
  getRecoverNestedAssociatedTokenInstruction,
  getSetAuthorityInstruction,
} from '@solana-program/token';
import { describe, expect, it } from 'vitest';
import { keyPairFromLabel, type Ed25519KeyPair } from '../../../infra/crypto/ed25519.js';
import { Bank } from '../../../infra/devnet/ledger/bank.js';
import { devnetPrograms } from '../../../infra/devnet/programs/index.js';
import { readTokenAccount } from '../../../infra/devnet/runtime/token-layout.js';
import type { ExecutedTransaction } from '../../../infra/devnet/runtime/types.js';
import { ASSOCIATED_TOKEN_PROGRAM, rentExemptMinimum, SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../infra/devnet/runtime/well-known.js';
import { buildTransaction } from '../../../infra/devnet/tx-builder.js';
import { associatedTokenAddress } from '../../../schemas/programs/associated-token.js';

const SOL = 1_000_000_000n;
const key = (label: string): Ed25519KeyPair => keyPairFromLabel(`ata-spec/${label}`);
const signer = (k: Ed25519KeyPair) => createNoopSigner(k.address);
const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);

function setup(program: Address) {
  const bank = new Bank(devnetPrograms({ launchpad: key('launchpad').address, poolVenue: key('pool').address, guard: key('guard').address }));
  const [payer, wallet, mint] = [key('payer'), key('wallet'), key('mint')] as const;
  for (const k of [payer, wallet]) {
    bank.setAccount(k.address, { lamports: 10n * SOL, data: new Uint8Array(0), owner: SYSTEM_PROGRAM, executable: false, rentEpoch: 0n });
  }
  const send = (signers: Ed25519KeyPair[], ...instructions: Instruction[]): ExecutedTransaction => {
    const { wire } = buildTransaction({ feePayer: signers[0]!.address, instructions, blockhash: bank.latestBlock.blockhash, signers });
    const tx = bank.submit(wire);
    bank.produceBlock();
    return tx;
  };
  const createMint = (m: Ed25519KeyPair) =>
    send(
      [payer, m],
      getCreateAccountInstruction({ payer: signer(payer), newAccount: signer(m), lamports: rentExemptMinimum(82), space: 82, programAddress: program }),
      getInitializeMint2Instruction({ mint: m.address, decimals: 9, mintAuthority: payer.address }, { programAddress: program }),
    );
  expect(createMint(mint).meta.err).toBeNull();
  const ata = associatedTokenAddress(wallet.address, mint.address, program);
  const input = (owner = wallet.address, m = mint.address) => ({
    payer: signer(payer),
    ata: associatedTokenAddress(owner, m, program),
    owner,
    mint: m,
    tokenProgram: program,
  });
  const createIdempotent = (owner?: Address, m?: Address) => getCreateAssociatedTokenIdempotentInstruction(input(owner, m));
  const create = () => getCreateAssociatedTokenInstruction(input());
  /** Inner instructions of the first instruction as [program, first data byte]. */
  const inner = (tx: ExecutedTransaction) =>
    (tx.meta.innerInstructions.find((i) => i.index === 0)?.instructions ?? []).map((ix) => ({
      program: tx.accountKeys[ix.programIdIndex],
      tag: ix.data[0],
      stackHeight: ix.stackHeight,
    }));
  return { bank, payer, wallet, mint, ata, send, createMint, createIdempotent, create, inner };
}

describe.each([
  { name: 'SPL Token', program: TOKEN_PROGRAM, size: 165 },
  { name: 'Token-2022', program: TOKEN_2022_PROGRAM, size: 170 },
])('associated token accounts on $name', ({ program, size }) => {
  it('derives the same address as the official client', async () => {
    const { wallet, mint, ata } = setup(program);
    const [expected] = await findAssociatedTokenPda({ owner: wallet.address, mint: mint.address, tokenProgram: program });
    expect(ata).toBe(expected);
  });

  it('creates the account through System and token program CPIs', () => {
    const { bank, payer, wallet, mint, ata, send, createIdempotent, inner } = setup(program);
    const tx = send([payer], createIdempotent());
    expect(tx.meta.err).toBeNull();

    const account = bank.getAccount(ata)!;
    expect(account.owner).toBe(program);
    expect(account.data.length).toBe(size);
    expect(account.lamports).toBe(rentExemptMinimum(size));
    expect(readTokenAccount(account.data)).toMatchObject({ mint: mint.address, owner: wallet.address, amount: 0n, state: 1 });
    if (program === TOKEN_2022_PROGRAM) {
      expect([...account.data.slice(165)]).toEqual([2, 7, 0, 0, 0]);
    }

    expect(inner(tx)).toEqual([
      { program, tag: 21, stackHeight: 2 },
      { program: SYSTEM_PROGRAM, tag: 0, stackHeight: 2 },
      { program, tag: 22, stackHeight: 2 },
      { program, tag: 18, stackHeight: 2 },
    ]);
    const logs = tx.meta.logMessages;
    expect(logs[0]).toBe(`Program ${ASSOCIATED_TOKEN_PROGRAM} invoke [1]`);
    expect(logs).toContain('Program log: CreateIdempotent');
    expect(logs).toContain('Program log: Initialize the associated token account');
    expect(logs).toContain('Program log: Instruction: GetAccountDataSize');
    expect(logs).toContain('Program log: Instruction: InitializeImmutableOwner');
    expect(logs).toContain('Program log: Instruction: InitializeAccount3');
    expect(logs.includes('Program log: Please upgrade to SPL Token 2022 for immutable owner support')).toBe(program === TOKEN_PROGRAM);
    expect(logs).toContain(`Program ${SYSTEM_PROGRAM} invoke [2]`);
    expect(logs.at(-1)).toBe(`Program ${ASSOCIATED_TOKEN_PROGRAM} success`);
    expect(logs.at(-2)).toMatch(new RegExp(`^Program ${ASSOCIATED_TOKEN_PROGRAM} consumed \\d+ of 200000 compute units$`));

    // Only the fee leaves the transaction's accounts; the payer funds the rent.
    expect(sum(tx.meta.preBalances) - sum(tx.meta.postBalances)).toBe(tx.meta.fee);
    const payerIndex = tx.accountKeys.indexOf(payer.address);
    expect(tx.meta.preBalances[payerIndex]! - tx.meta.postBalances[payerIndex]!).toBe(tx.meta.fee + rentExemptMinimum(size));
    expect(tx.meta.postTokenBalances).toEqual([
      {
        accountIndex: tx.accountKeys.indexOf(ata),
        mint: mint.address,
        owner: wallet.address,
        programId: program,
        uiTokenAmount: { amount: '0', decimals: 9, uiAmount: 0, uiAmountString: '0' },
      },
    ]);
  });

  it('is idempotent on an existing account, while Create fails with IllegalOwner', () => {
    const { bank, payer, ata, send, createIdempotent, create, inner } = setup(program);
    send([payer], createIdempotent());
    const before = bank.getAccount(ata)!;

    const again = send([payer], createIdempotent());
    expect(again.meta.err).toBeNull();
    expect(inner(again)).toEqual([]);
    expect(bank.getAccount(ata)).toEqual(before);

    const strict = send([payer], create());
    expect(strict.meta.err).toEqual({ InstructionError: [0, 'IllegalOwner'] });
    expect(strict.meta.logMessages).toContain('Program log: Create');
    expect(bank.getAccount(ata)).toEqual(before);
  });

  it('tops up, allocates and assigns an address that already holds lamports', () => {
    const { bank, payer, wallet, ata, send, createIdempotent, inner } = setup(program);
    send([payer], getTransferSolInstruction({ source: signer(payer), destination: ata, amount: 1_000_000n }));
    const tx = send([payer], createIdempotent());
    expect(tx.meta.err).toBeNull();
    expect(inner(tx)).toEqual([
      { program, tag: 21, stackHeight: 2 },
      { program: SYSTEM_PROGRAM, tag: 2, stackHeight: 2 },
      { program: SYSTEM_PROGRAM, tag: 8, stackHeight: 2 },
      { program: SYSTEM_PROGRAM, tag: 1, stackHeight: 2 },
      { program, tag: 22, stackHeight: 2 },
      { program, tag: 18, stackHeight: 2 },
    ]);
    const account = bank.getAccount(ata)!;
    expect(account.lamports).toBe(rentExemptMinimum(size));
    expect(readTokenAccount(account.data)?.owner).toBe(wallet.address);
    expect(sum(tx.meta.preBalances) - sum(tx.meta.postBalances)).toBe(tx.meta.fee);
  });

  it('rejects an address that is not the derived one', () => {
    const { payer, wallet, mint, send } = setup(program);
    const tx = send(
      [payer],
      getCreateAssociatedTokenIdempotentInstruction({
        payer: signer(payer),
        ata: associatedTokenAddress(payer.address, mint.address, program),
        owner: wallet.address,
        mint: mint.address,
        tokenProgram: program,
      }),
    );
    expect(tx.meta.err).toEqual({ InstructionError: [0, 'InvalidSeeds'] });
    expect(tx.meta.logMessages).toContain('Program log: Error: Associated address does not match seed derivation');
  });

  it('fails without a valid mint and leaves only the fee spent', () => {
    const { bank, payer, send, createIdempotent } = setup(program);
    const notAMint = key('not-a-mint').address;
    const before = bank.getAccount(payer.address)!.lamports;
    const tx = send([payer], createIdempotent(undefined, notAMint));
    expect(tx.meta.err).toEqual({ InstructionError: [0, 'IncorrectProgramId'] });
    expect(bank.getAccount(payer.address)!.lamports).toBe(before - tx.meta.fee);
  });

  it('recovers tokens from an ATA nested under another ATA of the wallet', () => {
    const { bank, payer, wallet, mint, ata, send, createMint, createIdempotent } = setup(program);
    const nestedMint = key('nested-mint');
    createMint(nestedMint);
    send([payer], createIdempotent());
    const nested = associatedTokenAddress(ata, nestedMint.address, program);
    const destination = associatedTokenAddress(wallet.address, nestedMint.address, program);
    send([payer], createIdempotent(ata, nestedMint.address), createIdempotent(wallet.address, nestedMint.address));
    send([payer], getMintToInstruction({ mint: nestedMint.address, token: nested, mintAuthority: signer(payer), amount: 42n }, { programAddress: program }));
    const nestedRent = bank.getAccount(nested)!.lamports;
    const walletBefore = bank.getAccount(wallet.address)!.lamports;

    const tx = send(
      [wallet],
      getRecoverNestedAssociatedTokenInstruction({
        nestedAssociatedAccountAddress: nested,
        nestedTokenMintAddress: nestedMint.address,
        destinationAssociatedAccountAddress: destination,
        ownerAssociatedAccountAddress: ata,
        ownerTokenMintAddress: mint.address,
        walletAddress: signer(wallet),
        tokenProgram: program,
      }),
    );
    expect(tx.meta.err).toBeNull();
    expect(tx.meta.logMessages).toContain('Program log: RecoverNested');
    expect(readTokenAccount(bank.getAccount(destination)!.data)?.amount).toBe(42n);
    expect(bank.getAccount(nested)?.lamports ?? 0n).toBe(0n);
    expect(bank.getAccount(wallet.address)!.lamports).toBe(walletBefore + nestedRent - tx.meta.fee);
  });
});

describe('associated token accounts whose owner moved (SPL Token)', () => {
  it('CreateIdempotent fails with InvalidOwner', () => {
    const { payer, wallet, ata, send, createIdempotent } = setup(TOKEN_PROGRAM);
    send([payer], createIdempotent());
    const moved = send(
      [wallet],
      getSetAuthorityInstruction({ owned: ata, owner: signer(wallet), authorityType: AuthorityType.AccountOwner, newAuthority: payer.address }),
    );
    expect(moved.meta.err).toBeNull();
    const tx = send([payer], createIdempotent());
    expect(tx.meta.err).toEqual({ InstructionError: [0, { Custom: 0 }] });
    expect(tx.meta.logMessages).toContain('Program log: Associated token account owner does not match address derivation');
  });
});
