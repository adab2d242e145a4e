// `prepare_launch`: prepare a launch on the pool-venue route (POST /launch/prepare).
import { z } from 'zod';
import { requireLaunch } from '../../api/launch/launch-context.js';
import { preparePoolLaunch } from '../../api/launch/pool-prepare.js';
import { poolPrepareBody, poolPrepareResponse } from '../../schemas/api/launch-pool.js';
import { defineTool } from '../tool.js';
import { launchArgument } from './launch-args.js';

export const prepareLaunch = defineTool({
  name: 'prepare_launch',
  title: 'Prepare a pool-venue launch',
  description:
    'A SOL coin straight into its pool: returns one unsigned transaction for the creator (and the mint keypair when mintSource is browser) to sign, then pass to submit_launch before lastValidBlockHeight.',
  kind: 'launch',
  input: launchArgument,
  listedInput: z.strictObject({ launch: poolPrepareBody }),
  output: poolPrepareResponse,
  run: (deps, { launch }) => preparePoolLaunch(requireLaunch(deps.launch), launch),
});
