// SPL Token and Token-2022 on the devnet: instructions built with @solana-program/token, signed and
// run through a Bank, checked against state, errors, logs, metadata and conservation.
import { createNoopSigner, type Address, type Instruction } from '@solana/kit';
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system';
import {
  AuthorityType,
  getApproveInstruction,
  getBurnCheckedInstruction,
  getBurnInstruction,
  getCloseAccountInstruction,
  getCreateAssociatedTokenIdempotentInstruction,
  getFreezeAccountInstruction,
  getInitializeAccount3Instruction,
  getInitializeMint2Instruction,
  getMintToCheckedInstruction,
  getMintToInstruction,
  getRevokeInstruction,
  getSetAuthorityInstruction,
  getSyncNativeInstruction,
  getThawAccountInstruction,
  getTransferCheckedInstruction,
  getTransferInstruction,
} from '@solana-program/token';
import { describe, expect, it } from 'vitest';
import { keyPairFromLabel, type Ed25519KeyPair } from '../../../infra/crypto/ed25519.js';
import { Bank } from '../../../infra/devnet/ledger/bank.js';
import { devnetPrograms } from '../../../infra/devnet/programs/index.js';
import { nativeMintAccount } from '../../../infra/devnet/programs/token.js';
import { readMint, readTokenAccount } from '../../../infra/devnet/runtime/token-layout.js';
import type { ExecutedTransaction } from '../../../infra/devnet/runtime/types.js';
import { NATIVE_MINT, rentExemptMinimum, SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../../infra/devnet/runtime/well-known.js';
import { buildTransaction } from '../../../infra/devnet/tx-builder.js';
import { associatedTokenAddress } from '../../../schemas/programs/associated-token.js';

const SOL = 1_000_000_000n;
const key = (label: string): Ed25519KeyPair => keyPairFromLabel(`token-program-spec/${label}`);
const signer = (k: Ed25519KeyPair) => createNoopSigner(k.address);

class Chain {
  readonly bank = new Bank(devnetPrograms({ launchpad: key('launchpad').address, poolVenue: key('pool').address, guard: key('guard').address }));

  fund(k: Ed25519KeyPair, lamports = 10n * SOL): void {
    this.bank.setAccount(k.address, { lamports, data: new Uint8Array(0), owner: SYSTEM_PROGRAM, executable: false, rentEpoch: 0n });
  }

  /** Sign with `signers` (the first pays), execute into a slot and seal it. */
  send(signers: Ed25519KeyPair[], ...instructions: Instruction[]): ExecutedTransaction {
    const { wire } = buildTransaction({
      feePayer: signers[0]!.address,
      instructions,
      blockhash: this.bank.latestBlock.blockhash,
      signers,
    });
    const tx = this.bank.submit(wire);
    this.bank.produceBlock();
    return tx;
  }

  lamports(a: Address): bigint {
    return this.bank.getAccount(a)?.lamports ?? 0n;
  }

  token(a: Address) {
    const account = this.bank.getAccount(a);
    const state = account ? readTokenAccount(account.data) : null;
    if (!state) throw new Error(`no token account at ${a}`);
    return state;
  }

  mint(a: Address) {
    return readMint(this.bank.getAccount(a)!.data)!;
  }
}

/** Lamports across every account of the transaction dropped by exactly the fee. */
function expectConserved(tx: ExecutedTransaction): void {
  const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
  expect(sum(tx.meta.preBalances) - sum(tx.meta.postBalances)).toBe(tx.meta.fee);
}

describe.each([
  { name: 'SPL Token', program: TOKEN_PROGRAM, transferUnits: 4_645 },
  { name: 'Token-2022', program: TOKEN_2022_PROGRAM, transferUnits: 6_183 },
])('$name', ({ program, transferUnits }) => {
  const config = { programAddress: program };

  function setup(freeze = false) {
    const chain = new Chain();
    const [payer, alice, bob, mint, freezer] = ['payer', 'alice', 'bob', 'mint', 'freezer'].map(key) as [
      Ed25519KeyPair,
      Ed25519KeyPair,
      Ed25519KeyPair,
      Ed25519KeyPair,
      Ed25519KeyPair,
    ];
    chain.fund(payer);
    chain.fund(alice, SOL);
    chain.fund(bob, SOL);
    const created = chain.send(
      [payer, mint],
      getCreateAccountInstruction({
        payer: signer(payer),
        newAccount: signer(mint),
        lamports: rentExemptMinimum(82),
        space: 82,
        programAddress: program,
      }),
      getInitializeMint2Instruction(
        { mint: mint.address, decimals: 6, mintAuthority: payer.address, freezeAuthority: freeze ? freezer.address : null },
        config,
      ),
    );
    const ata = (owner: Address) => associatedTokenAddress(owner, mint.address, program);
    const createAta = (owner: Address) =>
      getCreateAssociatedTokenIdempotentInstruction({
        payer: signer(payer),
        ata: ata(owner),
        owner,
        mint: mint.address,
        tokenProgram: program,
      });
    chain.send([payer], createAta(alice.address), createAta(bob.address));
    const mintTo = (owner: Address, amount: bigint) =>
      chain.send([payer], getMintToInstruction({ mint: mint.address, token: ata(owner), mintAuthority: signer(payer), amount }, config));
    return { chain, payer, alice, bob, mint, freezer, created, ata, mintTo };
  }

  it('creates and initialises a mint', () => {
    const { chain, payer, mint, created } = setup();
    expect(created.meta.err).toBeNull();
    const account = chain.bank.getAccount(mint.address)!;
    expect(account.data.length).toBe(82);
    expect(account.owner).toBe(program);
    expect(chain.mint(mint.address)).toEqual({
      mintAuthority: payer.address,
      supply: 0n,
      decimals: 6,
      isInitialized: true,
      freezeAuthority: null,
    });
    expect(created.meta.logMessages).toContain('Program log: Instruction: InitializeMint2');
  });

  it('refuses to initialise a mint twice', () => {
    const { chain, payer, mint } = setup();
    const tx = chain.send([payer], getInitializeMint2Instruction({ mint: mint.address, decimals: 6, mintAuthority: payer.address }, config));
    expect(tx.meta.err).toEqual({ InstructionError: [0, { Custom: 6 }] });
    expect(tx.meta.logMessages).toContain('Program log: Error: account or token already in use');
  });

  it('mints, transfers and burns with supply equal to the sum of balances', () => {
    const { chain, payer, alice, bob, mint, ata, mintTo } = setup();
    const minted = mintTo(alice.address, 1_000_000n);
    expect(minted.meta.err).toBeNull();
    expect(minted.meta.logMessages).toContain('Program log: Instruction: MintTo');

    const sent = chain.send(
      [alice],
      getTransferInstruction({ source: ata(alice.address), destination: ata(bob.address), authority: signer(alice), amount: 250_000n }, config),
    );
    expect(sent.meta.err).toBeNull();
    expect(sent.meta.logMessages).toEqual([
      `Program ${program} invoke [1]`,
      'Program log: Instruction: Transfer',
      `Program ${program} consumed ${transferUnits} of 200000 compute units`,
      `Program ${program} success`,
    ]);
    expect(sent.meta.computeUnitsConsumed).toBe(BigInt(transferUnits));

    const burned = chain.send(
      [bob],
      getBurnCheckedInstruction({ account: ata(bob.address), mint: mint.address, authority: signer(bob), amount: 50_000n, decimals: 6 }, config),
    );
    expect(burned.meta.err).toBeNull();
    expect(burned.meta.logMessages).toContain('Program log: Instruction: BurnChecked');

    const checked = chain.send(
      [payer],
      getMintToCheckedInstruction({ mint: mint.address, token: ata(bob.address), mintAuthority: signer(payer), amount: 5n, decimals: 6 }, config),
    );
    expect(checked.meta.err).toBeNull();

    const alices = chain.token(ata(alice.address)).amount;
    const bobs = chain.token(ata(bob.address)).amount;
    expect([alices, bobs]).toEqual([750_000n, 200_005n]);
    expect(chain.mint(mint.address).supply).toBe(alices + bobs);
    for (const tx of [minted, sent, burned, checked]) expectConserved(tx);
  });

  it('reports pre and post token balances with owner, mint, decimals and program', () => {
    const { chain, alice, bob, mint, ata, mintTo } = setup();
    mintTo(alice.address, 1_500_000n);
    const tx = chain.send(
      [alice],
      getTransferCheckedInstruction(
        { source: ata(alice.address), mint: mint.address, destination: ata(bob.address), authority: signer(alice), amount: 1_250_000n, decimals: 6 },
        config,
      ),
    );
    expect(tx.meta.err).toBeNull();
    const index = (a: Address) => tx.accountKeys.indexOf(a);
    const balance = (owner: Ed25519KeyPair, amount: string, ui: string) => ({
      accountIndex: index(ata(owner.address)),
      mint: mint.address,
      owner: owner.address,
      programId: program,
      uiTokenAmount: { amount, decimals: 6, uiAmount: Number(ui), uiAmountString: ui },
    });
    const byIndex = (a: { accountIndex: number }, b: { accountIndex: number }) => a.accountIndex - b.accountIndex;
    expect([...tx.meta.preTokenBalances].sort(byIndex)).toEqual([balance(alice, '1500000', '1.5'), balance(bob, '0', '0')].sort(byIndex));
    expect([...tx.meta.postTokenBalances].sort(byIndex)).toEqual([balance(alice, '250000', '0.25'), balance(bob, '1250000', '1.25')].sort(byIndex));
  });

  it('fails transferChecked with the wrong decimals', () => {
    const { chain, alice, bob, mint, ata, mintTo } = setup();
    mintTo(alice.address, 100n);
    const tx = chain.send(
      [alice],
      getTransferCheckedInstruction(
        { source: ata(alice.address), mint: mint.address, destination: ata(bob.address), authority: signer(alice), amount: 1n, decimals: 9 },
        config,
      ),
    );
    expect(tx.meta.err).toEqual({ InstructionError: [0, { Custom: 18 }] });
    expect(tx.meta.logMessages).toContain('Program log: Error: decimals different from the Mint decimals');
    expect(chain.token(ata(alice.address)).amount).toBe(100n);
  });

  it('rolls back everything but the fee when a later instruction has insufficient funds', () => {
    const { chain, alice, bob, ata, mintTo } = setup();
    mintTo(alice.address, 100n);
    const before = { alice: chain.lamports(alice.address), a: chain.token(ata(alice.address)), b: chain.token(ata(bob.address)) };
    const transfer = (amount: bigint) =>
      getTransferInstruction({ source: ata(alice.address), destination: ata(bob.address), authority: signer(alice), amount }, config);
    const tx = chain.send([alice], transfer(60n), transfer(60n));
    expect(tx.meta.err).toEqual({ InstructionError: [1, { Custom: 1 }] });
    expect(tx.meta.logMessages).toContain('Program log: Error: insufficient funds');
    expect(tx.meta.logMessages.at(-1)).toBe(`Program ${program} failed: custom program error: 0x1`);
    expect(chain.token(ata(alice.address))).toEqual(before.a);
    expect(chain.token(ata(bob.address))).toEqual(before.b);
    expect(chain.lamports(alice.address)).toBe(before.alice - tx.meta.fee);
    expect(tx.meta.postTokenBalances).toEqual(tx.meta.preTokenBalances);
    expectConserved(tx);
  });

  it('closes an empty account, returning its lamports, and refuses one with a balance', () => {
    const { chain, alice, bob, ata, mintTo } = setup();
    mintTo(alice.address, 10n);
    const close = (owner: Ed25519KeyPair) =>
      getCloseAccountInstruction({ account: ata(owner.address), destination: owner.address, owner: signer(owner) }, config);
    expect(chain.send([alice], close(alice)).meta.err).toEqual({ InstructionError: [0, { Custom: 11 }] });

    const rent = chain.lamports(ata(bob.address));
    const before = chain.lamports(bob.address);
    const tx = chain.send([bob], close(bob));
    expect(tx.meta.err).toBeNull();
    expect(tx.meta.logMessages).toContain('Program log: Instruction: CloseAccount');
    expect(chain.lamports(ata(bob.address))).toBe(0n);
    expect(chain.bank.getAccount(ata(bob.address))?.data.length ?? 0).toBe(0);
    expect(chain.lamports(bob.address)).toBe(before + rent - tx.meta.fee);
    expectConserved(tx);
  });

  it('fixes the supply once the mint authority is revoked', () => {
    const { chain, payer, alice, mint, mintTo } = setup();
    const tx = chain.send(
      [payer],
      getSetAuthorityInstruction({ owned: mint.address, owner: signer(payer), authorityType: AuthorityType.MintTokens, newAuthority: null }, config),
    );
    expect(tx.meta.err).toBeNull();
    expect(chain.mint(mint.address).mintAuthority).toBeNull();
    const refused = mintTo(alice.address, 1n);
    expect(refused.meta.err).toEqual({ InstructionError: [0, { Custom: 5 }] });
    expect(refused.meta.logMessages).toContain('Program log: Error: the total supply of this token is fixed');
  });

  it('rejects a mint by anyone but the mint authority', () => {
    const { chain, alice, mint, ata } = setup();
    const tx = chain.send([alice], getMintToInstruction({ mint: mint.address, token: ata(alice.address), mintAuthority: signer(alice), amount: 1n }, config));
    expect(tx.meta.err).toEqual({ InstructionError: [0, { Custom: 4 }] });
    expect(tx.meta.logMessages).toContain('Program log: Error: owner does not match');
  });

  it('lets a delegate spend and burn up to its allowance, until revoked', () => {
    const { chain, alice, bob, mint, ata, mintTo } = setup();
    const spender = key('spender');
    chain.fund(spender, SOL);
    mintTo(alice.address, 1_000n);
    const approved = chain.send(
      [alice],
      getApproveInstruction({ source: ata(alice.address), delegate: spender.address, owner: signer(alice), amount: 300n }, config),
    );
    expect(approved.meta.err).toBeNull();
    expect(chain.token(ata(alice.address))).toMatchObject({ delegate: spender.address, delegatedAmount: 300n });

    const spend = (amount: bigint) =>
      chain.send([spender], getTransferInstruction({ source: ata(alice.address), destination: ata(bob.address), authority: signer(spender), amount }, config));
    expect(spend(200n).meta.err).toBeNull();
    expect(chain.token(ata(alice.address))).toMatchObject({ amount: 800n, delegatedAmount: 100n });
    expect(spend(150n).meta.err).toEqual({ InstructionError: [0, { Custom: 1 }] });

    const burned = chain.send(
      [spender],
      getBurnInstruction({ account: ata(alice.address), mint: mint.address, authority: signer(spender), amount: 40n }, config),
    );
    expect(burned.meta.err).toBeNull();
    expect(chain.token(ata(alice.address))).toMatchObject({ amount: 760n, delegatedAmount: 60n, delegate: spender.address });

    const revoked = chain.send([alice], getRevokeInstruction({ source: ata(alice.address), owner: signer(alice) }, config));
    expect(revoked.meta.err).toBeNull();
    expect(chain.token(ata(alice.address))).toMatchObject({ delegate: null, delegatedAmount: 0n });
    expect(spend(1n).meta.err).toEqual({ InstructionError: [0, { Custom: 4 }] });

    chain.send([alice], getApproveInstruction({ source: ata(alice.address), delegate: spender.address, owner: signer(alice), amount: 5n }, config));
    expect(spend(5n).meta.err).toBeNull();
    expect(chain.token(ata(alice.address))).toMatchObject({ delegate: null, delegatedAmount: 0n, amount: 755n });
    expect(chain.mint(mint.address).supply).toBe(chain.token(ata(alice.address)).amount + chain.token(ata(bob.address)).amount);
  });

  it('freezes and thaws an account with the freeze authority', () => {
    const { chain, payer, alice, bob, mint, freezer, ata, mintTo } = setup(true);
    mintTo(alice.address, 10n);
    const transfer = () =>
      chain.send([alice], getTransferInstruction({ source: ata(alice.address), destination: ata(bob.address), authority: signer(alice), amount: 1n }, config));
    const notAuthority = chain.send([payer], getFreezeAccountInstruction({ account: ata(alice.address), mint: mint.address, owner: signer(payer) }, config));
    expect(notAuthority.meta.err).toEqual({ InstructionError: [0, { Custom: 4 }] });

    chain.fund(freezer, SOL);
    const frozen = chain.send([freezer], getFreezeAccountInstruction({ account: ata(alice.address), mint: mint.address, owner: signer(freezer) }, config));
    expect(frozen.meta.err).toBeNull();
    expect(chain.token(ata(alice.address)).state).toBe(2);
    const refused = transfer();
    expect(refused.meta.err).toEqual({ InstructionError: [0, { Custom: 17 }] });
    expect(refused.meta.logMessages).toContain('Program log: Error: Account is frozen');

    const thawed = chain.send([freezer], getThawAccountInstruction({ account: ata(alice.address), mint: mint.address, owner: signer(freezer) }, config));
    expect(thawed.meta.err).toBeNull();
    expect(transfer().meta.err).toBeNull();
  });

  it('refuses to freeze when the mint has no freeze authority', () => {
    const { chain, payer, alice, mint, ata } = setup(false);
    const tx = chain.send([payer], getFreezeAccountInstruction({ account: ata(alice.address), mint: mint.address, owner: signer(payer) }, config));
    expect(tx.meta.err).toEqual({ InstructionError: [0, { Custom: 16 }] });
  });

  it('requires the owner to sign', () => {
    const { chain, alice, bob, ata, mintTo } = setup();
    mintTo(alice.address, 10n);
    const tx = chain.send(
      [bob],
      getTransferInstruction({ source: ata(alice.address), destination: ata(bob.address), authority: alice.address, amount: 1n }, config),
    );
    expect(tx.meta.err).toEqual({ InstructionError: [0, 'MissingRequiredSignature'] });
    expect(tx.meta.logMessages).toContain('Program log: Error: MissingRequiredSignature');
  });

  it('moves the owner of a plain account, but never of an associated account on Token-2022', () => {
    const { chain, payer, alice, bob, mint, ata } = setup();
    const plain = key('plain-account');
    chain.send(
      [payer, plain],
      getCreateAccountInstruction({
        payer: signer(payer),
        newAccount: signer(plain),
        lamports: rentExemptMinimum(165),
        space: 165,
        programAddress: program,
      }),
      getInitializeAccount3Instruction({ account: plain.address, mint: mint.address, owner: alice.address }, config),
    );
    const setOwner = (account: Address) =>
      chain.send(
        [alice],
        getSetAuthorityInstruction({ owned: account, owner: signer(alice), authorityType: AuthorityType.AccountOwner, newAuthority: bob.address }, config),
      );
    expect(setOwner(plain.address).meta.err).toBeNull();
    expect(chain.token(plain.address).owner).toBe(bob.address);

    const onAta = setOwner(ata(alice.address));
    if (program === TOKEN_2022_PROGRAM) {
      expect(onAta.meta.err).toEqual({ InstructionError: [0, { Custom: 34 }] });
      expect(onAta.meta.logMessages).toContain('Program log: The owner authority cannot be changed');
      expect(chain.token(ata(alice.address)).owner).toBe(alice.address);
    } else {
      expect(onAta.meta.err).toBeNull();
      expect(chain.token(ata(alice.address)).owner).toBe(bob.address);
    }
  });
});

describe('wrapped SOL (SPL Token native mint)', () => {
  it('tracks lamports above rent, syncs, transfers lamports with tokens and unwraps on close', () => {
    const chain = new Chain();
    const alice = key('w-alice');
    const bob = key('w-bob');
    const [aliceWsol, bobWsol] = [key('w-alice-account'), key('w-bob-account')];
    chain.fund(alice);
    chain.fund(bob);
    chain.bank.setAccount(NATIVE_MINT, nativeMintAccount());
    const rent = rentExemptMinimum(165);
    const wrap = (owner: Ed25519KeyPair, account: Ed25519KeyPair, lamports: bigint) =>
      chain.send(
        [owner, account],
        getCreateAccountInstruction({ payer: signer(owner), newAccount: signer(account), lamports, space: 165, programAddress: TOKEN_PROGRAM }),
        getInitializeAccount3Instruction({ account: account.address, mint: NATIVE_MINT, owner: owner.address }),
      );
    expect(wrap(alice, aliceWsol, rent + 2n * SOL).meta.err).toBeNull();
    expect(wrap(bob, bobWsol, rent).meta.err).toBeNull();
    expect(chain.token(aliceWsol.address)).toMatchObject({ amount: 2n * SOL, isNative: rent });

    const synced = chain.send(
      [alice],
      getTransferSolInstruction({ source: signer(alice), destination: aliceWsol.address, amount: SOL }),
      getSyncNativeInstruction({ account: aliceWsol.address }),
    );
    expect(synced.meta.err).toBeNull();
    expect(chain.token(aliceWsol.address).amount).toBe(3n * SOL);

    const sent = chain.send(
      [alice],
      getTransferInstruction({ source: aliceWsol.address, destination: bobWsol.address, authority: signer(alice), amount: SOL }),
    );
    expect(sent.meta.err).toBeNull();
    expect(chain.lamports(bobWsol.address)).toBe(rent + SOL);
    expect(chain.token(bobWsol.address).amount).toBe(SOL);
    expect(sent.meta.postTokenBalances.map((b) => b.uiTokenAmount.uiAmountString).sort()).toEqual(['1', '2']);
    expectConserved(sent);

    const before = chain.lamports(bob.address);
    const closed = chain.send([bob], getCloseAccountInstruction({ account: bobWsol.address, destination: bob.address, owner: signer(bob) }));
    expect(closed.meta.err).toBeNull();
    expect(chain.lamports(bob.address)).toBe(before + rent + SOL - closed.meta.fee);
    expect(chain.bank.getAccount(bobWsol.address)?.lamports ?? 0n).toBe(0n);
    expectConserved(closed);
  });

  it('refuses to burn native tokens', () => {
    const chain = new Chain();
    const alice = key('n-alice');
    const account = key('n-account');
    chain.fund(alice);
    chain.bank.setAccount(NATIVE_MINT, nativeMintAccount());
    chain.send(
      [alice, account],
      getCreateAccountInstruction({
        payer: signer(alice),
        newAccount: signer(account),
        lamports: rentExemptMinimum(165) + 5n,
        space: 165,
        programAddress: TOKEN_PROGRAM,
      }),
      getInitializeAccount3Instruction({ account: account.address, mint: NATIVE_MINT, owner: alice.address }),
    );
    const sync = chain.send([alice], getSyncNativeInstruction({ account: account.address }));
    expect(sync.meta.err).toBeNull();
    const tx = chain.send([alice], getBurnInstruction({ account: account.address, mint: NATIVE_MINT, authority: signer(alice), amount: 1n }));
    expect(tx.meta.err).toEqual({ InstructionError: [0, { Custom: 10 }] });
    expect(tx.meta.logMessages).toContain('Program log: Error: Instruction does not support native tokens');
    expect(chain.token(account.address).amount).toBe(5n);
  });
});
