// quote.configured events for the quote-listings specs, on the shared fixtures' addresses and signatures.
import type { Address } from '@solana/kit';
import { instructionEventId, type QuoteConfiguredEvent } from '../../schemas/events/index.js';
import { sig } from './event-fixtures.js';

export interface QuoteAt {
  slot: number;
  tx: number;
  time: number;
  ix?: number;
}

export function quoteConfigured(at: QuoteAt, quoteMint: Address, enabled: boolean, quoteDecimals: number | null = null): QuoteConfiguredEvent {
  const signature = sig(at.tx);
  return {
    id: instructionEventId(signature, { index: at.ix ?? 0 }),
    type: 'quote.configured',
    network: 'mainnet',
    slot: at.slot,
    blockTime: at.time,
    signature,
    v: 1,
    data: { quoteMint, quoteDecimals, enabled, initialVirtualQuote: '4500000000', initialVirtualToken: '1073000000000000', curveAllotment: '793100000000000' },
  };
}
