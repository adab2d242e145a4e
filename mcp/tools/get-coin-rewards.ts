// `get_coin_rewards`: a coin's rewards (GET /coins/{mint}/rewards, its default page).
import { getCoinRewards as getCoinRewardsHandler } from '../../api/handlers/rewards.js';
import { mintParams } from '../../schemas/api/coins.js';
import { coinRewardsQuery, coinRewardsResponse } from '../../schemas/api/rewards.js';
import { defineTool } from '../tool.js';

export const getCoinRewards = defineTool({
  name: 'get_coin_rewards',
  title: 'Coin rewards',
  description: "A holder-mode coin's pot, what its holders were paid by token and its latest payout rounds; a creator-mode coin's creator earnings.",
  kind: 'read',
  input: mintParams,
  output: coinRewardsResponse,
  run: (deps, { mint }) => getCoinRewardsHandler(deps.api, mint, coinRewardsQuery.parse({})),
});
