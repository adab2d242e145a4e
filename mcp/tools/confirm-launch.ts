// `confirm_launch`: the confirmed pool-venue launch (POST /launch/confirm).
import { requireLaunch } from '../../api/launch/launch-context.js';
import { confirmPoolLaunch } from '../../api/launch/pool-handlers.js';
import { poolConfirmBody, poolLaunchResult } from '../../schemas/api/launch-pool.js';
import { defineTool } from '../tool.js';
import { bodyArguments } from './launch-args.js';

export const confirmLaunch = defineTool({
  name: 'confirm_launch',
  title: 'Confirm a pool-venue launch',
  description: 'The launch once it landed; an error saying it has not landed yet until then (ask again shortly).',
  kind: 'launch',
  input: bodyArguments,
  listedInput: poolConfirmBody,
  output: poolLaunchResult,
  run: (deps, body) => confirmPoolLaunch(requireLaunch(deps.launch), body),
});
