// The locked five-way fee split both programs apply to a coin's trading fees: holders or creator 70%,
// service 12%, AI fund 3%, burn 10%, referrer 5% (else platform liquidity). Layout of one recipient
// and the exact division of a claim (remainder to the first share, so nothing is lost).
import { getStructCodec, type Address, type FixedSizeCodec } from '@solana/kit';
import { enumCodec, u16, u64 } from './integers.js';
import { addressCodec } from './layout-parts.js';

export const FEE_SPLIT_BPS = {
  holdersOrCreator: 7_000,
  service: 1_200,
  aiFund: 300,
  burn: 1_000,
  referrerOrLiquidity: 500,
} as const;

/** Roles in the order of `feeRole` in schemas/events/fields.ts. */
export const FEE_ROLES = ['holders', 'creator', 'service', 'ai-fund', 'burn', 'referrer', 'liquidity'] as const;
export type FeeRoleName = (typeof FEE_ROLES)[number];
export const FEE_SPLIT_SIZE = 5;

export interface SplitRecipient {
  role: FeeRoleName;
  wallet: Address;
  bps: number;
}

export interface SplitShare {
  role: FeeRoleName;
  wallet: Address;
  amount: bigint;
}

export const feeRoleCodec = enumCodec(FEE_ROLES);
export const splitRecipientCodec: FixedSizeCodec<SplitRecipient> = getStructCodec([
  ['role', feeRoleCodec],
  ['wallet', addressCodec],
  ['bps', u16],
]);
export const splitShareCodec = getStructCodec([
  ['role', feeRoleCodec],
  ['wallet', addressCodec],
  ['amount', u64],
]);

/** Wallets a split pays, as configured in the program's global/config account. */
export interface SplitWallets {
  rewardsVault: Address;
  creatorVault: Address;
  treasury: Address;
  aiFund: Address;
  burnFund: Address;
  platformLiquidity: Address;
}

/** The locked split for a coin: holder mode pays the rewards vault, creator mode the creator vault;
 * the last share goes to the referrer when there is one, else to platform liquidity. */
export function buildFeeSplit(mode: 'holder' | 'creator', wallets: SplitWallets, referrer: Address | null): SplitRecipient[] {
  return [
    mode === 'holder'
      ? { role: 'holders', wallet: wallets.rewardsVault, bps: FEE_SPLIT_BPS.holdersOrCreator }
      : { role: 'creator', wallet: wallets.creatorVault, bps: FEE_SPLIT_BPS.holdersOrCreator },
    { role: 'service', wallet: wallets.treasury, bps: FEE_SPLIT_BPS.service },
    { role: 'ai-fund', wallet: wallets.aiFund, bps: FEE_SPLIT_BPS.aiFund },
    { role: 'burn', wallet: wallets.burnFund, bps: FEE_SPLIT_BPS.burn },
    referrer
      ? { role: 'referrer', wallet: referrer, bps: FEE_SPLIT_BPS.referrerOrLiquidity }
      : { role: 'liquidity', wallet: wallets.platformLiquidity, bps: FEE_SPLIT_BPS.referrerOrLiquidity },
  ];
}

/** Divide `total` by the split: every share but the first rounds down, the first takes the rest. */
export function divideFees(total: bigint, split: readonly SplitRecipient[]): SplitShare[] {
  const shares = split.map((r) => ({ role: r.role, wallet: r.wallet, amount: (total * BigInt(r.bps)) / 10_000n }));
  if (shares.length > 0) {
    const others = shares.slice(1).reduce((sum, s) => sum + s.amount, 0n);
    shares[0]!.amount = total - others;
  }
  return shares;
}
