// Terms acceptance (spec 4.4, 5.3): the message names the wallet, the version and signedAt; a missing or
// malformed wallet is refused with { errors }, also beside an unknown query key, and unknown query keys are
// ignored; a signature by the wallet within 10 minutes is accepted once per wallet per version; another key's
// signature, an old or future message, another version or a malformed body is refused with what to fix;
// prepares refuse a wallet that has not accepted (403), and accept it after.
import { generateKeyPairSigner, signBytes, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { termsAcceptances } from '../../../api/launch/records.js';
import { TERMS_VERSION } from '../../../api/launch/terms.js';
import { otherSpellings } from '../../fixtures/base64-spellings.js';
import { startLaunchHarness, type LaunchHarness } from './launch-harness.js';

let h: LaunchHarness;
beforeAll(async () => {
  h = await startLaunchHarness();
});
afterAll(async () => h?.close());

interface Terms {
  version: string;
  signedAt: string;
  message: string;
}

async function terms(wallet: KeyPairSigner): Promise<Terms> {
  const reply = await h.get<Terms>(`/api/v1/launch/terms?wallet=${wallet.address}`);
  expect(reply.status).toBe(200);
  return reply.body;
}

async function sign(signer: KeyPairSigner, message: string): Promise<string> {
  return Buffer.from(await signBytes(signer.keyPair.privateKey, new TextEncoder().encode(message))).toString('base64');
}

describe('GET /launch/terms', () => {
  it('names the wallet, the version and signedAt in the message', async () => {
    const wallet = await generateKeyPairSigner();
    const body = await terms(wallet);
    expect(body.version).toBe(TERMS_VERSION);
    expect(Date.now() - Date.parse(body.signedAt)).toBeLessThan(5_000);
    expect(body.message).toContain(`Wallet: ${wallet.address}`);
    expect(body.message).toContain(`Version: ${TERMS_VERSION}`);
    expect(body.message).toContain(`Signed at: ${body.signedAt}`);
  });

  it('refuses a missing or malformed wallet with { errors }, also beside an unknown parameter', async () => {
    expect((await h.get('/api/v1/launch/terms')).status).toBe(400);
    const bad = await h.get<{ errors: string[] }>('/api/v1/launch/terms?wallet=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatch(/^wallet: /);
    for (const url of ['/api/v1/launch/terms?wallet=nope&x=1', '/api/v1/launch/terms?x=1']) {
      const reply = await h.get<{ errors: string[] }>(url);
      expect({ url, status: reply.status }).toEqual({ url, status: 400 });
      expect(reply.body.errors).toEqual([expect.stringMatching(/^wallet: /)]);
    }
  });

  it('ignores unknown parameters: 200 and the terms answered without them', async () => {
    const wallet = h.config.wallets.sponsor;
    // signedAt moves with the clock: the answers are compared with it set aside.
    const settled = (body: Terms) => ({ ...body, signedAt: '', message: body.message.replace(/Signed at: .*/, 'Signed at:') });
    const plain = await h.get<Terms>(`/api/v1/launch/terms?wallet=${wallet}`);
    expect(plain.status).toBe(200);
    for (const url of [
      `/api/v1/launch/terms?wallet=${wallet}&x=1`,
      `/api/v1/launch/terms?_=1700000000000&wallet=${wallet}`,
      `/api/v1/launch/terms?wallet=${wallet}&a[b]=1&__proto__=1`,
    ]) {
      const reply = await h.get<Terms>(url);
      expect({ url, status: reply.status }).toEqual({ url, status: 200 });
      expect(Object.keys(reply.body).sort()).toEqual(Object.keys(plain.body).sort());
      expect(settled(reply.body)).toEqual(settled(plain.body));
      expect(reply.body.message).toContain(`Wallet: ${wallet}`);
      expect(reply.body.message).toContain(`Signed at: ${reply.body.signedAt}`);
    }
  });
});

describe('POST /launch/terms', () => {
  it("accepts the wallet's signature once per version; accepting again answers the same and keeps the first", async () => {
    const wallet = await generateKeyPairSigner();
    const first = await terms(wallet);
    const body = { wallet: wallet.address, version: first.version, signedAt: first.signedAt, signature: await sign(wallet, first.message) };
    expect(await h.post('/api/v1/launch/terms', body)).toEqual({ status: 200, body: { accepted: true } });
    const second = await terms(wallet);
    const again = { wallet: wallet.address, version: second.version, signedAt: second.signedAt, signature: await sign(wallet, second.message) };
    expect(await h.post('/api/v1/launch/terms', again)).toEqual({ status: 200, body: { accepted: true } });
    const stored = await h.opstore.query(termsAcceptances, { where: [['wallet', '=', wallet.address]] });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.signedAt).toBe(first.signedAt);
  });

  it('refuses terms signed by another key, and stores nothing', async () => {
    const [wallet, other] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    const t = await terms(wallet);
    const reply = await h.post<{ errors: string[] }>('/api/v1/launch/terms', {
      wallet: wallet.address,
      version: t.version,
      signedAt: t.signedAt,
      signature: await sign(other, t.message),
    });
    // A signature that does not verify is 401, as on the webhook calls.
    expect(reply.status).toBe(401);
    expect(reply.body.errors).toEqual([expect.stringMatching(/^signature: does not verify against wallet/)]);
    expect(await h.opstore.get(termsAcceptances, `${wallet.address}:${t.version}`)).toBeNull();
  });

  it('refuses every re-spelling of a valid signature (the bits base64 leaves free set), and stores nothing', async () => {
    const wallet = await generateKeyPairSigner();
    const t = await terms(wallet);
    const signature = await sign(wallet, t.message);
    const spellings = otherSpellings(signature);
    expect(spellings).toHaveLength(15);
    for (const respelled of spellings) {
      const reply = await h.post<{ errors: string[] }>('/api/v1/launch/terms', {
        wallet: wallet.address,
        version: t.version,
        signedAt: t.signedAt,
        signature: respelled,
      });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([expect.stringMatching(/^signature: .*A, Q, g or w/)]);
    }
    expect(await h.opstore.get(termsAcceptances, `${wallet.address}:${t.version}`)).toBeNull();
  });

  it('refuses a message signed more than 10 minutes ago, and one dated in the future', async () => {
    const wallet = await generateKeyPairSigner();
    const old = new Date(Date.now() - 10 * 60_000 - 5_000).toISOString();
    const message = (await terms(wallet)).message.replace(/Signed at: .*/, `Signed at: ${old}`);
    const reply = await h.post<{ errors: string[] }>('/api/v1/launch/terms', {
      wallet: wallet.address,
      version: TERMS_VERSION,
      signedAt: old,
      signature: await sign(wallet, message),
    });
    expect(reply.status).toBe(401);
    expect(reply.body.errors).toEqual([expect.stringMatching(/^signedAt: the message is older than 10 minutes/)]);

    const future = new Date(Date.now() + 5 * 60_000).toISOString();
    const ahead = (await terms(wallet)).message.replace(/Signed at: .*/, `Signed at: ${future}`);
    const reply2 = await h.post<{ errors: string[] }>('/api/v1/launch/terms', {
      wallet: wallet.address,
      version: TERMS_VERSION,
      signedAt: future,
      signature: await sign(wallet, ahead),
    });
    expect(reply2.status).toBe(401);
    expect(reply2.body.errors).toEqual([expect.stringMatching(/^signedAt: lies in the future/)]);
    expect(await h.opstore.get(termsAcceptances, `${wallet.address}:${TERMS_VERSION}`)).toBeNull();
  });

  it('refuses another version, and a signature over a changed signedAt', async () => {
    const wallet = await generateKeyPairSigner();
    const t = await terms(wallet);
    const signature = await sign(wallet, t.message);
    const wrongVersion = await h.post<{ errors: string[] }>('/api/v1/launch/terms', {
      wallet: wallet.address,
      version: '1999-01-01',
      signedAt: t.signedAt,
      signature,
    });
    expect(wrongVersion.body.errors).toContainEqual(expect.stringMatching(/^version: 1999-01-01 is not the current terms version/));
    const shifted = new Date(Date.parse(t.signedAt) + 1_000).toISOString();
    const moved = await h.post<{ errors: string[] }>('/api/v1/launch/terms', { wallet: wallet.address, version: t.version, signedAt: shifted, signature });
    expect(moved.body.errors).toEqual([expect.stringMatching(/^signature: does not verify/)]);
  });

  it('lists every malformed field at once', async () => {
    const reply = await h.post<{ errors: string[] }>('/api/v1/launch/terms', { wallet: 'x', version: '', signedAt: 'yesterday', signature: 'abc', note: 1 });
    expect(reply.status).toBe(400);
    expect(reply.body.errors.map((line) => line.split(':')[0]).sort()).toEqual(['note', 'signature', 'signedAt', 'version', 'wallet']);
  });
});

describe('prepares and the terms', () => {
  it('refuses a wallet that has not accepted the current terms with 403 on both routes, then prepares once it has', async () => {
    const creator = await h.wallet(2n);
    const body = async () => ({
      creator: creator.address,
      mint: (await generateKeyPairSigner()).address,
      name: 'Terms',
      ticker: 'TRMS',
      mode: 'holder',
      feeBps: 100,
    });
    for (const url of ['/api/v1/launch/prepare', '/api/v1/launch/launchpad/prepare']) {
      const reply = await h.post<{ errors: string[] }>(url, {
        ...(await body()),
        ...(url.includes('launchpad')
          ? { image: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', mode: undefined, feeBps: undefined }
          : {}),
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(403);
      expect(reply.body.errors).toEqual([expect.stringMatching(/^creator: \S+ has not accepted the launch terms/)]);
    }
    await h.acceptTerms(creator);
    expect((await h.post('/api/v1/launch/prepare', await body())).status).toBe(200);
  });
});
