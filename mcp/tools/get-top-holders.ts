// `get_top_holders`: a coin's holders (GET /coins/{mint}/holders), Basic tier.
import { z } from 'zod';
import { getHolders } from '../../api/handlers/holders.js';
import { mintParams } from '../../schemas/api/coins.js';
import { holdersQuery, holdersResponse } from '../../schemas/api/holders.js';
import { defineTool } from '../tool.js';

export const getTopHolders = defineTool({
  name: 'get_top_holders',
  title: 'Top holders',
  description: "A coin's holder count, the next payout round's baseline slot and its largest holders with what the next round would count.",
  kind: 'read',
  tier: 'basic',
  input: z.strictObject({ ...mintParams.shape, ...holdersQuery.shape }),
  output: holdersResponse,
  run: (deps, { mint, ...query }) => getHolders(deps.api, mint, query),
});
