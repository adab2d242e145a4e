// `get_flywheel`: the platform's funds (GET /platform/funds).
import { z } from 'zod';
import { getPlatformFunds } from '../../api/handlers/platform.js';
import { platformFundsResponse } from '../../schemas/api/platform.js';
import { defineTool } from '../tool.js';

export const getFlywheel = defineTool({
  name: 'get_flywheel',
  title: 'Platform funds',
  description: 'Balances of the burn fund, the AI fund and the platform share, and what is left of the removed flywheel fund.',
  kind: 'read',
  input: z.strictObject({}),
  output: platformFundsResponse,
  run: (deps) => getPlatformFunds(deps.api),
});
