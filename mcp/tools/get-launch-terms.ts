// `get_launch_terms`: the launch terms to sign (GET /launch/terms).
import { requireLaunch } from '../../api/launch/launch-context.js';
import { getTerms } from '../../api/launch/terms-handlers.js';
import { termsQuery, termsResponse } from '../../schemas/api/launch-terms.js';
import { defineTool } from '../tool.js';

export const getLaunchTerms = defineTool({
  name: 'get_launch_terms',
  title: 'Launch terms',
  description:
    'The terms a wallet signs before its first launch (once per terms version): sign `message` with the wallet and pass it to accept_terms within 10 minutes.',
  kind: 'launch',
  input: termsQuery,
  output: termsResponse,
  run: async (deps, { wallet }) => getTerms(requireLaunch(deps.launch), wallet),
});
