// `get_ball_burns`: one UTC day of platform-token burns (GET /platform/burns).
import { getPlatformBurns } from '../../api/handlers/platform.js';
import { platformBurnsQuery, platformBurnsResponse } from '../../schemas/api/platform.js';
import { defineTool } from '../tool.js';

export const getBallBurns = defineTool({
  name: 'get_ball_burns',
  title: 'Platform-token burns',
  description: 'What one UTC day burned of the platform token, its cost, the total burned and the burn fund; display-unit strings.',
  kind: 'read',
  input: platformBurnsQuery,
  output: platformBurnsResponse,
  run: (deps, query) => getPlatformBurns(deps.api, query),
});
