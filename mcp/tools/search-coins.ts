// `search_coins`: the coin list (GET /coins).
import { listCoins } from '../../api/handlers/coins.js';
import { coinListQuery, coinListResponse } from '../../schemas/api/coins.js';
import { defineTool } from '../tool.js';

export const searchCoins = defineTool({
  name: 'search_coins',
  title: 'Search coins',
  description: 'Coins launched through the service: search by mint, symbol or part of a name, sorted and filtered, one page at a time.',
  kind: 'read',
  input: coinListQuery,
  output: coinListResponse,
  run: (deps, query) => listCoins(deps.api, query),
});
