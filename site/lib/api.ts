// The public API as the site reads it: same-origin JSON under /api/v1, errors as the API gives them (`{ error }`).
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const API = '/api/v1';

export async function getJson<T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  const response = await fetch(`${path}${search ? `?${search}` : ''}`, { headers: { accept: 'application/json' } });
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const message = body !== null && typeof body === 'object' && 'error' in body ? String(body.error) : `HTTP ${response.status}`;
    throw new ApiError(response.status, message);
  }
  return body as T;
}

/** Symbols of the quote tokens, by mint, from the launchpad's own listing. */
export async function quoteSymbols(): Promise<Map<string, string>> {
  const { quotes } = await getJson<{ quotes: { mint: string; symbol: string | null }[] }>('/token-quotes').catch(() => ({ quotes: [] }));
  return new Map(quotes.flatMap((quote) => (quote.symbol === null ? [] : [[quote.mint, quote.symbol] as [string, string]])));
}
