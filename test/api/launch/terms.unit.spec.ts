// The terms checks on their own: a signature by the wallet over the exact message within 10 minutes holds;
// every other case names what to fix, all problems together.
import { describe, expect, it } from 'vitest';
import { keyPairFromLabel, signBytes } from '../../../infra/crypto/ed25519.js';
import { TERMS_VERSION, termsAcceptanceRefusal, termsMessage } from '../../../api/launch/terms.js';

const wallet = keyPairFromLabel('test/terms-wallet');
const other = keyPairFromLabel('test/terms-other');
const now = new Date('2026-03-01T12:00:00.000Z');
const signedAt = '2026-03-01T11:55:00.000Z';
const sign = (key = wallet, at = signedAt, version = TERMS_VERSION) =>
  Buffer.from(signBytes(key, new TextEncoder().encode(termsMessage(wallet.address, version, at)))).toString('base64');

describe('termsAcceptanceRefusal', () => {
  it("holds for the wallet's signature within 10 minutes", () => {
    expect(termsAcceptanceRefusal({ wallet: wallet.address, version: TERMS_VERSION, signedAt, signature: sign() }, now)).toBeNull();
  });

  it('lists another signer, an expired message and another version together, 401 for the signed message', () => {
    const old = '2026-03-01T11:49:59.000Z';
    const found = termsAcceptanceRefusal({ wallet: wallet.address, version: 'v0', signedAt: old, signature: sign(other, old, 'v0') }, now);
    expect(found?.status).toBe(401);
    expect(found?.problems.map((line) => line.split(':')[0])).toEqual(['version', 'signedAt', 'signature']);
    const versionOnly = termsAcceptanceRefusal({ wallet: wallet.address, version: 'v0', signedAt, signature: sign(wallet, signedAt, 'v0') }, now);
    expect(versionOnly).toEqual({ status: 400, problems: [expect.stringMatching(/^version: v0 is not the current terms version/)] });
  });

  it('takes exactly 10 minutes and a minute of clock skew', () => {
    const edge = '2026-03-01T11:50:00.000Z';
    expect(termsAcceptanceRefusal({ wallet: wallet.address, version: TERMS_VERSION, signedAt: edge, signature: sign(wallet, edge) }, now)).toBeNull();
    const skew = '2026-03-01T12:01:00.000Z';
    expect(termsAcceptanceRefusal({ wallet: wallet.address, version: TERMS_VERSION, signedAt: skew, signature: sign(wallet, skew) }, now)).toBeNull();
    const ahead = '2026-03-01T12:01:01.000Z';
    expect(
      termsAcceptanceRefusal({ wallet: wallet.address, version: TERMS_VERSION, signedAt: ahead, signature: sign(wallet, ahead) }, now)?.problems,
    ).toHaveLength(1);
  });
});
