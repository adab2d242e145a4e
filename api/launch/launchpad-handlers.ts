// `POST /launch/launchpad/submit` and `GET /launch/launchpad/status` (spec 4.3 steps 4-5, 3.2, 3.3): every
// prepared transaction signed and in order; the answer is confirmed with the launch, or pending with the
// first signature, after which status moves prepared -> sending -> confirmed (or abandoned).
import {
  launchpadSubmitBody,
  type LaunchpadLaunchResult,
  type LaunchpadStatusResponse,
  type LaunchpadSubmitResponse,
} from '../../schemas/api/launch-launchpad.js';
import type { LaunchContext } from './launch-context.js';
import { issueLines, LaunchError } from './launch-error.js';
import { advanceLocked } from './progress.js';
import type { LaunchRecord } from './records.js';
import { submitLaunch } from './submit.js';

function launchpadResult(lc: LaunchContext, record: LaunchRecord): LaunchpadLaunchResult {
  const buy = record.buy === null ? null : (JSON.parse(record.buy) as { tokens: string });
  return {
    mint: record.id,
    curve: record.market,
    creator: record.creator,
    quoteMint: record.quoteMint,
    signatures: record.signatures,
    slot: record.landedSlot ?? 0,
    sponsored: record.sponsored,
    buyTokens: buy?.tokens ?? null,
    page: lc.pageOf(record.id),
  };
}

export async function submitLaunchpadLaunch(lc: LaunchContext, raw: unknown): Promise<LaunchpadSubmitResponse> {
  const parsed = launchpadSubmitBody.safeParse(raw);
  if (!parsed.success) throw new LaunchError(400, issueLines(parsed.error.issues));
  const record = await submitLaunch(lc, 'launchpad', parsed.data.mint, parsed.data.transactions);
  if (record.state === 'confirmed') return { status: 'confirmed', signature: record.signatures[0]!, result: launchpadResult(lc, record) };
  if (record.state === 'abandoned') throw new LaunchError(410, [`mint: the launch can no longer land: ${record.reason ?? 'abandoned'}`]);
  return { status: 'pending', signature: record.signatures[0]! };
}

export async function launchpadStatus(lc: LaunchContext, mint: string): Promise<LaunchpadStatusResponse> {
  const record = await advanceLocked(lc, mint);
  if (record?.route !== 'launchpad') throw new LaunchError(404, [`mint: no launchpad launch at ${mint}; call POST /launch/launchpad/prepare first`]);
  return { mint, status: record.state, page: record.state === 'confirmed' ? lc.pageOf(mint) : null };
}
