// Launchpad SetQuoteConfig → `quote.configured`. The program emits no event for it, so the fact is read from the
// instruction: its args (curve shape, enabled) and its fourth account (the quote mint). The subscription asks for
// succeeded transactions only (failed: false), so a rejected listing (wrong admin, bad shape) never reaches here.
// Decimals are known for SOL, or when the transaction's token balances name the mint; else null.
import type { Address } from '@solana/kit';
import { decodeLaunchpadInstruction, nameLaunchpadAccounts } from '../../../schemas/programs/launchpad/instructions.js';
import { isSolQuote, SOL_DECIMALS } from '../../../schemas/programs/token-addresses.js';
import { instructionEventId } from '../event-ids.js';
import { draft, type Decoder, type EventDraft } from '../context.js';
import { launchpadCalls } from '../program-invocations.js';
import type { TxView } from '../tx-view.js';

function decimalsOf(tx: TxView, mint: Address): number | null {
  if (isSolQuote(mint)) return SOL_DECIMALS;
  const balance = [...tx.raw.meta.preTokenBalances, ...tx.raw.meta.postTokenBalances].find((b) => b.mint === mint);
  return balance?.decimals ?? null;
}

export const decode: Decoder = (tx, ctx) => {
  const out: EventDraft[] = [];
  for (const call of launchpadCalls(tx, ctx, ['setQuoteConfig'])) {
    const decoded = decodeLaunchpadInstruction(call.ix.data);
    if (decoded?.kind !== 'setQuoteConfig') continue;
    const { args } = decoded;
    const quoteMint = nameLaunchpadAccounts('setQuoteConfig', call.ix.accounts).quoteMint;
    if (quoteMint === undefined) continue;
    out.push(
      draft(tx, ctx, 'quote.configured', instructionEventId(tx.signature, call.ix.path), {
        quoteMint,
        quoteDecimals: decimalsOf(tx, quoteMint),
        enabled: args.enabled,
        initialVirtualQuote: args.initialVirtualQuote.toString(),
        initialVirtualToken: args.initialVirtualToken.toString(),
        curveAllotment: args.curveAllotment.toString(),
      }),
    );
  }
  return out;
};
