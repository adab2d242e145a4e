// `get_creator_earnings`: a creator's coins and earnings (GET /creators/{wallet}), Basic tier.
import { getCreator } from '../../api/handlers/rewards.js';
import { creatorResponse } from '../../schemas/api/creators.js';
import { walletParams } from '../../schemas/api/wallet-rewards.js';
import { defineTool } from '../tool.js';

export const getCreatorEarnings = defineTool({
  name: 'get_creator_earnings',
  title: 'Creator earnings',
  description: 'The coins a wallet launched with their earnings, and the latest payments to the creator.',
  kind: 'read',
  tier: 'basic',
  input: walletParams,
  output: creatorResponse,
  run: (deps, { wallet }) => getCreator(deps.api, wallet),
});
