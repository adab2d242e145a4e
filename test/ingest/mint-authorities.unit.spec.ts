// Mint authorities from a transaction's token instructions, checked against the mint accounts the devnet holds
// afterwards: every simulated launch leaves neither a mint nor a freeze authority (coin.launched says so), and an
// explicit transaction that creates a mint with both and then revokes only the mint authority leaves the freeze
// authority set. A transaction that does not create the mint says nothing about it.
import { createNoopSigner, type Address } from '@solana/kit';
import { getCreateAccountInstruction } from '@solana-program/system';
import { AuthorityType, getInitializeMint2Instruction, getSetAuthorityInstruction } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyPairFromLabel } from '../../infra/crypto/ed25519.js';
import { WELL_KNOWN_KEYS } from '../../infra/devnet/genesis/well-known-keys.js';
import { readMint } from '../../infra/devnet/runtime/token-layout.js';
import { solTransfer } from '../../infra/devnet/simulator/token-ops.js';
import { txView } from '../../ingest/decoders/index.js';
import { mintAuthorities } from '../../ingest/decoders/shared/mint-authorities.js';
import { TOKEN_PROGRAM_ID } from '../../schemas/programs/token-addresses.js';
import { decodedRun, type DecodedRun } from './decoded-run.js';
import { act } from '../../infra/devnet/actions.js';
import { rawOf } from './chain-fixture.js';

let run: DecodedRun;

beforeAll(async () => {
  run = await decodedRun(17, 14);
});
afterAll(async () => run?.devnet.stop());

describe('mint authorities', () => {
  it('every launch leaves neither authority, as coin.launched and the mint account both say', () => {
    const launches = run.eventsOf('coin.launched');
    expect(launches.length).toBeGreaterThan(1);
    for (const launch of launches) {
      expect(launch.data).toMatchObject({ mintAuthority: null, freezeAuthority: null });
      const mint = readMint(run.devnet.bank.getAccount(launch.data.mint as Address)!.data)!;
      expect({ mintAuthority: mint.mintAuthority, freezeAuthority: mint.freezeAuthority }).toEqual({ mintAuthority: null, freezeAuthority: null });
    }
  });

  it('follows InitializeMint2 and SetAuthority in order, and knows nothing of a mint the transaction did not create', () => {
    const owner = keyPairFromLabel('mint-authorities/owner');
    const mintKey = keyPairFromLabel('mint-authorities/mint');
    const faucet = WELL_KNOWN_KEYS.faucet;
    act(run.devnet, [faucet], [solTransfer(faucet.address, owner.address, 1_000_000_000n)]);
    const tx = act(
      run.devnet,
      [owner, mintKey],
      [
        getCreateAccountInstruction({
          payer: createNoopSigner(owner.address),
          newAccount: createNoopSigner(mintKey.address),
          lamports: 10_000_000n,
          space: 82,
          programAddress: TOKEN_PROGRAM_ID,
        }),
        getInitializeMint2Instruction({ mint: mintKey.address, decimals: 6, mintAuthority: owner.address, freezeAuthority: owner.address }),
        getSetAuthorityInstruction({
          owned: mintKey.address,
          owner: createNoopSigner(owner.address),
          authorityType: AuthorityType.MintTokens,
          newAuthority: null,
        }),
      ],
    );
    const view = txView(rawOf(tx));
    expect(mintAuthorities(view, mintKey.address)).toEqual({ mintAuthority: null, freezeAuthority: owner.address });
    const account = readMint(run.devnet.bank.getAccount(mintKey.address)!.data)!;
    expect({ mintAuthority: account.mintAuthority, freezeAuthority: account.freezeAuthority }).toEqual({ mintAuthority: null, freezeAuthority: owner.address });
    expect(mintAuthorities(view, WELL_KNOWN_KEYS.stablecoinMint.address)).toBeNull();
  });
});
