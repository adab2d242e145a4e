// Schemas of the terms steps (spec 4.2 steps 1-2, 4.4, 2.18): the terms to sign for a wallet and the signed
// acceptance. The message names the wallet, the terms version and `signedAt`.
import { z } from 'zod';
import { ed25519SignatureBase64, isoTime } from './fields.js';
import { addressField, expect, unknownKeys } from './launch-fields.js';

/** Query of `GET /launch/terms`. */
export const termsQuery = z.object({
  wallet: addressField('the wallet address that will sign').describe('The wallet that will sign the terms'),
});

/** `GET /launch/terms`: what to sign (spec 2.18). */
export const termsResponse = z.object({
  version: z.string().describe('Terms version; acceptance is once per wallet per version'),
  signedAt: isoTime.describe('Time the message names; sign and post it back within 10 minutes of it'),
  message: z.string().describe('UTF-8 text to sign with the wallet (ed25519), verbatim'),
});

/** Body of `POST /launch/terms`. */
export const termsAcceptBody = z
  .strictObject(
    {
      wallet: addressField('the signing wallet address').describe('The wallet that signed'),
      version: z
        .string({ error: expect('the terms version from GET /launch/terms') })
        .min(1, { error: 'must be the terms version from GET /launch/terms' })
        .max(64, { error: 'must be the terms version from GET /launch/terms' })
        .describe('`version` from GET /launch/terms'),
      signedAt: z.iso
        .datetime({ error: expect('`signedAt` from GET /launch/terms, an ISO 8601 UTC time') })
        .describe('`signedAt` from GET /launch/terms, unchanged'),
      signature: ed25519SignatureBase64.describe('Base64 ed25519 signature of `message` by `wallet`'),
    },
    { error: unknownKeys(['wallet', 'version', 'signedAt', 'signature']) },
  )
  .describe('The signed terms');

export const termsAcceptResponse = z.object({ accepted: z.literal(true) });

export type TermsAcceptBody = z.output<typeof termsAcceptBody>;
