// `search_tokens`: the token search (GET /tokens).
import { searchTokens as searchTokensHandler } from '../../api/handlers/tokens.js';
import { tokensQuery, tokensResponse } from '../../schemas/api/tokens.js';
import { defineTool } from '../tool.js';

export const searchTokens = defineTool({
  name: 'search_tokens',
  title: 'Search tokens',
  description: "Any Solana token by mint, symbol or name, in the aggregator's ranking (the service's own tokens when it has none).",
  kind: 'read',
  input: tokensQuery,
  output: tokensResponse,
  run: (deps, query) =>
    searchTokensHandler(deps.api, deps.tokens, query, (error) => deps.logger?.warn({ err: error }, 'token aggregator failed; answering from own tokens')),
});
