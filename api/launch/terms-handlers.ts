// Handlers of `GET /launch/terms` and `POST /launch/terms`, and the check both prepares make: has this wallet
// accepted the current terms version? Acceptance is stored once per wallet per version (a second accept of
// the same version answers the same and keeps the first record).
import type { Address } from '@solana/kit';
import { OpStoreConflictError } from '../../infra/opstore/op-store.js';
import { termsAcceptBody } from '../../schemas/api/launch-terms.js';
import type { LaunchContext } from './launch-context.js';
import { issueLines, LaunchError } from './launch-error.js';
import { termsAcceptances as acceptedCollection } from './records.js';
import { TERMS_VERSION, termsAcceptanceRefusal, termsMessage } from './terms.js';

export function getTerms(lc: LaunchContext, wallet: string): { version: string; signedAt: string; message: string } {
  const signedAt = lc.now().toISOString();
  return { version: TERMS_VERSION, signedAt, message: termsMessage(wallet, TERMS_VERSION, signedAt) };
}

export async function acceptTerms(lc: LaunchContext, raw: unknown): Promise<{ accepted: true }> {
  const parsed = termsAcceptBody.safeParse(raw);
  if (!parsed.success) throw new LaunchError(400, issueLines(parsed.error.issues));
  const body = parsed.data;
  const now = lc.now();
  const refusal = termsAcceptanceRefusal({ ...body, wallet: body.wallet as Address }, now);
  if (refusal !== null) throw new LaunchError(refusal.status, refusal.problems);
  try {
    await lc.opstore.insert(acceptedCollection, {
      id: `${body.wallet}:${body.version}`,
      wallet: body.wallet,
      version: body.version,
      signedAt: body.signedAt,
      signature: body.signature,
      acceptedAt: now.getTime(),
    });
  } catch (error) {
    if (!(error instanceof OpStoreConflictError)) throw error;
  }
  return { accepted: true };
}

/** Whether `wallet` has accepted the current terms version. */
export async function hasAcceptedTerms(lc: LaunchContext, wallet: string): Promise<boolean> {
  return (await lc.opstore.get(acceptedCollection, `${wallet}:${TERMS_VERSION}`)) !== null;
}

export function termsProblem(wallet: string): string {
  return `creator: ${wallet} has not accepted the launch terms (version ${TERMS_VERSION}); GET /launch/terms?wallet=${wallet}, sign the message and POST /launch/terms first`;
}
