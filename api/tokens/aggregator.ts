// The token aggregator adapter: `GET <base>/search?query=<text>` (with `x-api-key` when configured) answering a
// JSON array of tokens in the aggregator's ranking. Each call is time-limited; a failure (timeout, network, non-2xx,
// not an array) rejects, and the caller answers from the service's own tokens instead. Items that do not parse are
// skipped, never trusted. (The token search's answers are kept for the configured time: api/handlers/tokens.ts.)
import { z } from 'zod';

const num = z.number().finite().nonnegative().nullish().catch(null);
const text = z.string().nullish().catch(null);
const stats = z.object({ buyVolume: num, sellVolume: num }).partial().nullish().catch(null);

/** One token as the aggregator describes it; unknown fields ignored, malformed optional fields read null. */
export const aggregatorToken = z.object({
  id: z.string(),
  name: text,
  symbol: text,
  icon: text,
  decimals: z.int().min(0).max(255),
  tokenProgram: text,
  mintAuthority: text,
  freezeAuthority: text,
  isVerified: z.boolean().nullish().catch(null),
  tags: z.array(z.string()).nullish().catch(null),
  usdPrice: num,
  mcap: num,
  liquidity: num,
  holderCount: z.int().nonnegative().nullish().catch(null),
  stats24h: stats,
  website: text,
  twitter: text,
});

export type AggregatorToken = z.infer<typeof aggregatorToken>;

export interface TokenAggregator {
  /** The aggregator's tokens for `q`, in its ranking. */
  search(q: string): Promise<AggregatorToken[]>;
}

export interface HttpTokenAggregatorOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
}

export class HttpTokenAggregator implements TokenAggregator {
  private readonly base: string;
  /** Calls made to the aggregator. */
  requests = 0;

  constructor(private readonly options: HttpTokenAggregatorOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '');
  }

  async search(q: string): Promise<AggregatorToken[]> {
    this.requests += 1;
    const response = await fetch(`${this.base}/search?query=${encodeURIComponent(q.trim())}`, {
      headers: { accept: 'application/json', ...(this.options.apiKey === undefined ? {} : { 'x-api-key': this.options.apiKey }) },
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (!response.ok) throw new Error(`token aggregator answered ${response.status}`);
    const body: unknown = await response.json();
    if (!Array.isArray(body)) throw new Error('token aggregator answered something other than a list');
    return body.flatMap((item) => {
      const parsed = aggregatorToken.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
  }
}
