// `prepare_launchpad_launch`: prepare a launch on the launchpad route (POST /launch/launchpad/prepare).
import { z } from 'zod';
import { requireLaunch } from '../../api/launch/launch-context.js';
import { prepareLaunchpadLaunch as prepareLaunchpadLaunchHandler } from '../../api/launch/launchpad-prepare.js';
import { launchpadPrepareBody, launchpadPrepareResponse } from '../../schemas/api/launch-launchpad.js';
import { defineTool } from '../tool.js';
import { launchArgument } from './launch-args.js';

export const prepareLaunchpadLaunch = defineTool({
  name: 'prepare_launchpad_launch',
  title: 'Prepare a launchpad launch',
  description:
    'A holder-mode coin on a bonding curve: returns one or two unsigned transactions to sign with the creator (the first also with the mint keypair), then pass all to submit_launchpad_launch in order.',
  kind: 'launch',
  input: launchArgument,
  listedInput: z.strictObject({ launch: launchpadPrepareBody }),
  output: launchpadPrepareResponse,
  run: (deps, { launch }) => prepareLaunchpadLaunchHandler(requireLaunch(deps.launch), launch),
});
