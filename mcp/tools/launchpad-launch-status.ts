// `launchpad_launch_status`: where a launchpad launch stands (GET /launch/launchpad/status).
import { launchpadStatus } from '../../api/launch/launchpad-handlers.js';
import { requireLaunch } from '../../api/launch/launch-context.js';
import { launchpadStatusQuery, launchpadStatusResponse } from '../../schemas/api/launch-launchpad.js';
import { defineTool } from '../tool.js';

export const launchpadLaunchStatus = defineTool({
  name: 'launchpad_launch_status',
  title: 'Launchpad launch status',
  description: 'prepared, sending, confirmed (with the coin page) or abandoned.',
  kind: 'launch',
  input: launchpadStatusQuery,
  output: launchpadStatusResponse,
  run: (deps, { mint }) => launchpadStatus(requireLaunch(deps.launch), mint),
});
