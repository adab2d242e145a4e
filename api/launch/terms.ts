// The launch terms (spec 4.4, 5.3): the versioned text, the exact message a wallet signs (it names the wallet,
// the version and `signedAt`), and the checks on a signed acceptance: current version, signed within 10 minutes
// of `signedAt` (and not ahead of the server's clock), a valid ed25519 signature by the wallet.
import { getAddressEncoder, type Address } from '@solana/kit';
import { verifySignature } from '../../infra/crypto/ed25519.js';

export const TERMS_VERSION = '2026-01-01';
/** How long after `signedAt` a signed message is taken. */
export const TERMS_WINDOW_MS = 10 * 60 * 1000;
/** How far `signedAt` may run ahead of the server's clock (clock skew). */
export const TERMS_FUTURE_SKEW_MS = 60 * 1000;

const TERMS_TEXT = [
  'By signing, the wallet above launches coins through this service on these terms:',
  '1. The service never holds your keys. You sign every launch transaction yourself and you pay its costs unless the launch is sponsored.',
  "2. A coin's fees are split on chain at launch and cannot change: holders or creator 70%, service 12%, AI fund 3%, platform token bought and burned 10%, referrer 5% (else platform-token liquidity).",
  '3. Everything you write (name, ticker, description, links, image) is public and shown as untrusted text. Do not impersonate others or link to harmful content.',
  '4. Health grades and figures are warnings and data only; nothing the service publishes is financial advice.',
  '5. Launches are final once they land on chain.',
].join('\n');

/** The message a wallet signs for one terms version at `signedAt` (UTF-8). */
export function termsMessage(wallet: string, version: string, signedAt: string): string {
  return ['launchtape launch terms', `Version: ${version}`, `Wallet: ${wallet}`, `Signed at: ${signedAt}`, '', TERMS_TEXT].join('\n');
}

/** Why a signed acceptance is refused, every problem saying what to do, with its status: 401 when the signed message
 * cannot be taken (its signature does not verify, or it was signed too long ago or ahead of the clock), as a webhook
 * call's is; 400 when only the terms version is another. Null when it holds. */
export function termsAcceptanceRefusal(
  input: { wallet: Address; version: string; signedAt: string; signature: string },
  now: Date,
): { status: 400 | 401; problems: string[] } | null {
  const version =
    input.version === TERMS_VERSION
      ? []
      : [`version: ${input.version} is not the current terms version ${TERMS_VERSION}; GET /launch/terms again and sign that message`];
  const unsigned = signedMessageProblems(input, now);
  if (unsigned.length > 0) return { status: 401, problems: [...version, ...unsigned] };
  return version.length > 0 ? { status: 400, problems: version } : null;
}

function signedMessageProblems(input: { wallet: Address; version: string; signedAt: string; signature: string }, now: Date): string[] {
  const problems: string[] = [];
  const signedAtMs = Date.parse(input.signedAt);
  if (now.getTime() - signedAtMs > TERMS_WINDOW_MS) {
    problems.push('signedAt: the message is older than 10 minutes; GET /launch/terms for a fresh message, sign it and post it within 10 minutes');
  } else if (signedAtMs - now.getTime() > TERMS_FUTURE_SKEW_MS) {
    problems.push('signedAt: lies in the future; use the signedAt GET /launch/terms returned, unchanged');
  }
  const signature = Buffer.from(input.signature, 'base64');
  const message = new TextEncoder().encode(termsMessage(input.wallet, input.version, input.signedAt));
  const publicKey = new Uint8Array(getAddressEncoder().encode(input.wallet));
  if (signature.length !== 64 || !verifySignature(publicKey, message, new Uint8Array(signature))) {
    problems.push(
      'signature: does not verify against wallet for this message; sign the exact message from GET /launch/terms (UTF-8) with that wallet and send the base64 ed25519 signature',
    );
  }
  return problems;
}
