// `submit_launchpad_launch`: send a signed launchpad launch (POST /launch/launchpad/submit).
import { submitLaunchpadLaunch as submitLaunchpadLaunchHandler } from '../../api/launch/launchpad-handlers.js';
import { requireLaunch } from '../../api/launch/launch-context.js';
import { launchpadSubmitBody, launchpadSubmitResponse } from '../../schemas/api/launch-launchpad.js';
import { defineTool } from '../tool.js';
import { bodyArguments } from './launch-args.js';

export const submitLaunchpadLaunch = defineTool({
  name: 'submit_launchpad_launch',
  title: 'Submit a launchpad launch',
  description: 'Send every transaction from prepare_launchpad_launch, signed, in order. Pending: poll launchpad_launch_status; never sign and send again.',
  kind: 'launch',
  input: bodyArguments,
  listedInput: launchpadSubmitBody,
  output: launchpadSubmitResponse,
  run: (deps, body) => submitLaunchpadLaunchHandler(requireLaunch(deps.launch), body),
});
