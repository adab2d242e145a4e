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
  const rows = await olap.query<{
    quoteMint: string;
    enabledNow: number | string;
    enabledCount: number | string;
    listedOn: string;
    decimals: number | string | null;
  }>(
    `SELECT quoteMint,
      toUInt8(argMax(enabled, (slot, logOffset, eventId))) AS enabledNow,
      countIf(enabled) AS enabledCount,
      toString(toDate(minIf(time, enabled))) AS listedOn,
      max(quoteDecimals) AS decimals
    FROM ${QUOTE_LISTINGS_TABLE} FINAL
    GROUP BY quoteMint ORDER BY quoteMint`,
  );
  return new Map(
    rows.map((row) => [
      row.quoteMint,
      {
        quoteMint: row.quoteMint,
        enabled: Number(row.enabledNow) === 1,
        listedOn: Number(row.enabledCount) > 0 ? row.listedOn : null,
        quoteDecimals: row.decimals === null ? null : Number(row.decimals),
      },
    ]),
  );
}
