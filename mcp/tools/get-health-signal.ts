// `get_health_signal`: a coin's health grade and signals (GET /coins/{mint}/health), Premium tier.
import { getHealth } from '../../api/handlers/health.js';
import { mintParams } from '../../schemas/api/coins.js';
import { healthResponse } from '../../schemas/api/health.js';
import { defineTool } from '../tool.js';

export const getHealthSignal = defineTool({
  name: 'get_health_signal',
  title: 'Health signal',
  description:
    "A coin's health grade A to F from warning signs on chain, its signals and their levels. A grade flags warnings only: it never means a coin is safe.",
  kind: 'read',
  tier: 'premium',
  input: mintParams,
  output: healthResponse,
  run: (deps, { mint }) => getHealth(deps.api, mint),
});
