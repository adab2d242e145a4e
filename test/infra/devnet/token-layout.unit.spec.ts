// Token account and mint layouts: the light readers the executor uses for balance metadata agree with
// the full decoders, and writes round-trip (addresses through the cached base58 conversions).
import { getBase58Decoder, type Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  MINT_SIZE,
  readMint,
  readMintDecimals,
  readTokenAccount,
  readTokenBalance,
  TOKEN_ACCOUNT_SIZE,
  writeMint,
  writeTokenAccount,
} from '../../../infra/devnet/runtime/token-layout.js';
import { seededRandom } from '../seeded-random.js';

const base58 = getBase58Decoder();

describe('token layouts', () => {
  it('read balances and decimals as the full decoders do, on random bytes of any length', () => {
    const rng = seededRandom(41);
    for (let i = 0; i < 2_000; i++) {
      const data = rng.bytes(rng.pick([0, 81, 82, 164, 165, 170, 200]));
      if (data.length > 108 && rng.chance(0.3)) data[108] = 0;
      const account = readTokenAccount(data);
      expect(readTokenBalance(data)).toEqual(account ? { mint: account.mint, owner: account.owner, amount: account.amount } : null);
      expect(readMintDecimals(data)).toBe(readMint(data)?.decimals ?? null);
    }
  });

  it('round-trip mints and token accounts, optional addresses included', () => {
    const rng = seededRandom(42);
    const addr = () => base58.decode(rng.bytes(32)) as Address;
    for (let i = 0; i < 500; i++) {
      const mint = {
        mintAuthority: rng.chance(0.5) ? addr() : null,
        supply: BigInt(rng.int(2 ** 31)) * 1_000_003n,
        decimals: rng.int(12),
        isInitialized: rng.chance(0.5),
        freezeAuthority: rng.chance(0.5) ? addr() : null,
      };
      const mintData = rng.bytes(MINT_SIZE);
      writeMint(mintData, mint);
      expect(readMint(mintData)).toEqual(mint);
      const account = {
        mint: addr(),
        owner: addr(),
        amount: BigInt(rng.int(2 ** 31)) * 7n,
        delegate: rng.chance(0.5) ? addr() : null,
        state: 1 + rng.int(2),
        isNative: rng.chance(0.5) ? BigInt(rng.int(1000)) : null,
        delegatedAmount: BigInt(rng.int(1000)),
        closeAuthority: rng.chance(0.5) ? addr() : null,
      };
      const data = rng.bytes(TOKEN_ACCOUNT_SIZE);
      writeTokenAccount(data, account);
      expect(readTokenAccount(data)).toEqual(account);
    }
  });
});
