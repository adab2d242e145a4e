// The pair listing's and token search's read of the `quote-listings` read model. Tokens the chain started with (genesis
// quote configs) are absent: no transaction configured them.
import type { Olap } from '../../infra/olap/olap.js';
import { QUOTE_LISTINGS_TABLE } from './table.js';

/** Every configured quote token by mint: `enabled`, whether the latest SetQuoteConfig left it enabled; `listedOn`, the UTC
 * day ('YYYY-MM-DD') of the block of the first SetQuoteConfig that enabled it, null when none did; `quoteDecimals`, when a
 * transaction showed them. */
export async function quoteListings(olap: Olap) {
  const rows = await olap.query<{ quoteMint: string; enabledNow: boolean; listedOn: string | null; quoteDecimals: number | null }>(
    `SELECT quoteMint,
      argMax(enabled, (slot, logOffset, eventId)) AS enabledNow,
      if(countIf(enabled) > 0, toString(toDate(minIf(time, enabled))), NULL) AS listedOn,
      max(quoteDecimals) AS quoteDecimals
    FROM ${QUOTE_LISTINGS_TABLE} FINAL
    GROUP BY quoteMint ORDER BY quoteMint`,
  );
  return new Map(rows.map(({ enabledNow, ...row }) => [row.quoteMint, { ...row, enabled: enabledNow }]));
}

export type QuoteListings = Awaited<ReturnType<typeof quoteListings>>;
