// `submit_launch`: send a signed pool-venue launch (POST /launch/submit).
import { requireLaunch } from '../../api/launch/launch-context.js';
import { submitPoolLaunch } from '../../api/launch/pool-handlers.js';
import { poolSubmitBody, poolSubmitResponse } from '../../schemas/api/launch-pool.js';
import { defineTool } from '../tool.js';
import { bodyArguments } from './launch-args.js';

export const submitLaunch = defineTool({
  name: 'submit_launch',
  title: 'Submit a pool-venue launch',
  description: 'Send the signed transaction from prepare_launch. Pending: call confirm_launch with the signature; never sign and send again.',
  kind: 'launch',
  input: bodyArguments,
  listedInput: poolSubmitBody,
  output: poolSubmitResponse,
  run: (deps, body) => submitPoolLaunch(requireLaunch(deps.launch), body),
});
