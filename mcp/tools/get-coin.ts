// `get_coin`: a coin in full (GET /coins/{mint}).
import { getCoin as getCoinHandler } from '../../api/handlers/coins.js';
import { coinFull } from '../../schemas/api/coin-full.js';
import { mintParams } from '../../schemas/api/coins.js';
import { defineTool } from '../tool.js';

export const getCoin = defineTool({
  name: 'get_coin',
  title: 'Coin',
  description: 'A coin in full: its figures, creator, pools, basket, fee split, mode, pair, hooks and token program.',
  kind: 'read',
  input: mintParams,
  output: coinFull,
  run: (deps, { mint }) => getCoinHandler(deps.api, mint),
});
