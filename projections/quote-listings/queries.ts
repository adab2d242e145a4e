// Query of the pair listing and token search: each quote token the launchpad's admin configured by transaction,
// whether the launchpad takes it now (the latest config by chain order) and the UTC day it was first enabled.
// Tokens the chain started with (genesis quote configs) are absent: no transaction configured them.
import type { Olap } from '../../infra/olap/olap.js';
import { QUOTE_LISTINGS_TABLE } from './table.js';

export interface QuoteListing {
  quoteMint: string;
  /** Whether the latest SetQuoteConfig left it enabled. */
  enabled: boolean;
  /** UTC day ('YYYY-MM-DD') of the block of the first SetQuoteConfig that enabled it; null when none did. */
  listedOn: string | null;
  /** Decimals, when a transaction showed them. */
  quoteDecimals: number | null;
}

export type QuoteListings = ReadonlyMap<string, QuoteListing>;

/** Every configured quote token by mint. */
export async function quoteListings(olap: Olap): Promise<QuoteListings> {
  const rows = await olap.query<Omit<QuoteListing, 'enabled'> & { enabledNow: boolean }>(
    `SELECT quoteMint,
      argMax(enabled, (slot, logOffset, eventId)) AS enabledNow,
      if(countIf(enabled) > 0, toString(toDate(minIf(time, enabled))), NULL) AS listedOn,
      max(quoteDecimals) AS quoteDecimals
    FROM ${QUOTE_LISTINGS_TABLE} FINAL
    GROUP BY quoteMint ORDER BY quoteMint`,
  );
  return new Map(rows.map(({ enabledNow, ...row }) => [row.quoteMint, { ...row, enabled: enabledNow }]));
}
