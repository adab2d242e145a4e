// `POST /launch/submit` and `POST /launch/confirm` of the pool-venue route (spec 4.2 steps 4-5, 3.3): the
// submit answer (confirmed with the launch, or pending with the signature), and confirm's 409 until landed.
import { poolConfirmBody, poolSubmitBody, type PoolLaunchResult, type PoolSubmitResponse } from '../../schemas/api/launch-pool.js';
import type { LaunchContext } from './launch-context.js';
import { issueLines, LaunchError } from './launch-error.js';
import { advanceLocked } from './progress.js';
import { launches, type LaunchRecord } from './records.js';
import { submitLaunch } from './submit.js';

function poolResult(record: LaunchRecord): PoolLaunchResult {
  return {
    mint: record.id,
    pool: record.market,
    creator: record.creator,
    signature: record.signatures[0]!,
    slot: record.landedSlot ?? 0,
    mintSource: record.mintSource,
    buy: record.buy === null ? null : (JSON.parse(record.buy) as PoolLaunchResult['buy']),
  };
}

function abandoned(record: LaunchRecord): LaunchError {
  return new LaunchError(410, [`mint: the launch can no longer land: ${record.reason ?? 'abandoned'}`]);
}

export async function submitPoolLaunch(lc: LaunchContext, raw: unknown): Promise<PoolSubmitResponse> {
  const parsed = poolSubmitBody.safeParse(raw);
  if (!parsed.success) throw new LaunchError(400, issueLines(parsed.error.issues));
  const record = await submitLaunch(lc, 'pool-venue', parsed.data.mint, [parsed.data.transaction]);
  if (record.state === 'confirmed') return { status: 'confirmed', signature: record.signatures[0]!, result: poolResult(record) };
  if (record.state === 'abandoned') throw abandoned(record);
  return { status: 'pending', signature: record.signatures[0]! };
}

export async function confirmPoolLaunch(lc: LaunchContext, raw: unknown): Promise<PoolLaunchResult> {
  const parsed = poolConfirmBody.safeParse(raw);
  if (!parsed.success) throw new LaunchError(400, issueLines(parsed.error.issues));
  const { mint, signature } = parsed.data;
  const known = await lc.opstore.get(launches, mint);
  if (known?.route !== 'pool-venue') throw new LaunchError(404, [`mint: no pool-venue launch at ${mint}; call POST /launch/prepare first`]);
  if (known.signatures.length === 0) throw new LaunchError(409, ['mint: this launch has not been submitted yet; POST /launch/submit first']);
  if (known.signatures[0] !== signature)
    throw new LaunchError(400, [`signature: not this launch's signature; use the one submit returned (${known.signatures[0]})`]);
  const record = (await advanceLocked(lc, mint))!;
  if (record.state === 'confirmed') return poolResult(record);
  if (record.state === 'abandoned') throw abandoned(record);
  throw new LaunchError(409, ['the launch has not landed yet; call POST /launch/confirm again in a few seconds (never sign and send again)']);
}
