// Memos the service's keeper wallets attach to their transactions, so that off-chain facts the
// programs do not record (which round a payout belongs to, the SOL price feed, a platform burn)
// are on chain and can be decoded. Only memos signed by a configured keeper wallet are trusted.
import { z } from 'zod';

export const KEEPER_MEMO_PREFIX = 'launchtape:';

const slot = z.number().int().nonnegative();
const rawAmount = z.string().regex(/^(0|[1-9]\d{0,38})$/);
const base58 = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);

export const keeperMemoSchema = z.discriminatedUnion('kind', [
  /** First transaction of a holder payout round. */
  z.object({
    kind: z.literal('payout-round'),
    mint: base58,
    round: z.number().int().positive(),
    snapshotSlot: slot,
    baselineSlot: slot,
    /** Quote raw units the round spends (paid shares). */
    pot: rawAmount,
    holders: z.number().int().nonnegative(),
  }),
  /** A transaction sending round payouts (basket-token or pair-token transfers). */
  z.object({ kind: z.literal('payout'), mint: base58, round: z.number().int().positive() }),
  /** Creator-mode earnings sent on to the creator (or its recipients). */
  z.object({ kind: z.literal('creator-send'), mint: base58 }),
  /** The daily platform-token buy and burn. */
  z.object({ kind: z.literal('burn'), day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  /** SOL/USD price feed. */
  z.object({ kind: z.literal('price'), solMicroUsd: rawAmount }),
]);

export type KeeperMemo = z.infer<typeof keeperMemoSchema>;

export function encodeKeeperMemo(memo: KeeperMemo): string {
  return KEEPER_MEMO_PREFIX + JSON.stringify(memo);
}

/** The memo's content, or null when it is not a well-formed keeper memo. */
export function decodeKeeperMemo(text: string): KeeperMemo | null {
  if (!text.startsWith(KEEPER_MEMO_PREFIX)) return null;
  try {
    const parsed = keeperMemoSchema.safeParse(JSON.parse(text.slice(KEEPER_MEMO_PREFIX.length)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
