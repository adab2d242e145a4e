// Pool-venue parameters: pool kinds, the launch pool's virtual SOL reserve, the first-buy bound and
// the custom error codes (`{ Custom: n }`, Anchor-style from 6000).
export const POOL_KINDS = ['launch', 'graduated', 'market'] as const;
export type PoolKind = (typeof POOL_KINDS)[number];

/** Virtual SOL a launch pool starts with on top of its real SOL (30 SOL, as the launchpad's SOL curve). */
export const DEFAULT_LAUNCH_VIRTUAL_QUOTE = 30_000_000_000n;
/** Largest first buy inside CreatePool, in bps of supply (10%). */
export const MAX_FIRST_BUY_BPS = 1_000;

export const PoolVenueError = {
  InvalidMetadata: 6000,
  InvalidFeeBps: 6001,
  InvalidBasket: 6002,
  InvalidRecipients: 6003,
  InvalidHooks: 6004,
  InvalidBuyBps: 6005,
  InvalidAccount: 6006,
  Unauthorized: 6007,
  ZeroAmount: 6008,
  SlippageExceeded: 6009,
  AntiSniperLimit: 6010,
  NoFeeSplit: 6011,
  NothingToClaim: 6012,
  InsufficientReserves: 6013,
  NotLaunchpadCurve: 6014,
} as const;
