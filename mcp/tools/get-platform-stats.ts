// `get_platform_stats`: platform totals and daily revenue (GET /platform/stats).
import { z } from 'zod';
import { getPlatformStats as getPlatformStatsHandler } from '../../api/handlers/platform.js';
import { platformStatsResponse } from '../../schemas/api/platform.js';
import { defineTool } from '../tool.js';

export const getPlatformStats = defineTool({
  name: 'get_platform_stats',
  title: 'Platform stats',
  description: 'Coins launched and graduated, trades, volume, paid to holders and sent to creators (lamports), and the last 30 days of revenue.',
  kind: 'read',
  input: z.strictObject({}),
  output: platformStatsResponse,
  run: (deps) => getPlatformStatsHandler(deps.api),
});
