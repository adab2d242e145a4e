// Launchpad custom error codes (`{ Custom: n }` in a failed transaction's error), Anchor-style from 6000.
export const LaunchpadError = {
  InvalidMetadata: 6000,
  InvalidFeeBps: 6001,
  InvalidBasket: 6002,
  InvalidHooks: 6003,
  QuoteNotEnabled: 6004,
  InvalidAccount: 6005,
  Unauthorized: 6006,
  ZeroAmount: 6007,
  SlippageExceeded: 6008,
  CurveComplete: 6009,
  CurveNotComplete: 6010,
  AntiSniperLimit: 6011,
  SplitAlreadyLocked: 6012,
  SplitNotLocked: 6013,
  NothingToClaim: 6014,
  AlreadyGraduated: 6015,
  InsufficientReserves: 6016,
  InvalidQuoteConfig: 6017,
} as const;

export type LaunchpadErrorName = keyof typeof LaunchpadError;

/** The name of a launchpad error code, for logs and API messages. */
export function launchpadErrorName(code: number): LaunchpadErrorName | null {
  const entry = Object.entries(LaunchpadError).find(([, value]) => value === code);
  return entry ? (entry[0] as LaunchpadErrorName) : null;
}
