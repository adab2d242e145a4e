// `accept_terms`: accept the launch terms with a wallet signature (POST /launch/terms).
import { requireLaunch } from '../../api/launch/launch-context.js';
import { acceptTerms as acceptTermsHandler } from '../../api/launch/terms-handlers.js';
import { termsAcceptBody, termsAcceptResponse } from '../../schemas/api/launch-terms.js';
import { defineTool } from '../tool.js';
import { bodyArguments } from './launch-args.js';

export const acceptTerms = defineTool({
  name: 'accept_terms',
  title: 'Accept launch terms',
  description: 'Accept the terms from get_launch_terms with the base64 ed25519 signature of their message by the wallet.',
  kind: 'launch',
  input: bodyArguments,
  listedInput: termsAcceptBody,
  output: termsAcceptResponse,
  run: (deps, body) => acceptTermsHandler(requireLaunch(deps.launch), body),
});
