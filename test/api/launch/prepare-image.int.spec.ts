// The image a pool-venue launch keeps is the one its latest prepare gave: preparing the same mint again (allowed
// while the launch is only prepared) with a new image replaces it, and without one leaves the launch without an
// image, never with an earlier prepare's (the site serves the kept image as the coin's).
import { generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchImages, launches } from '../../../api/launch/records.js';
import { PNG, startLaunchHarness, type LaunchHarness } from './launch-harness.js';

/** A 1x1 GIF. */
const GIF = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

describe('pool-venue prepare, prepared again', () => {
  let h: LaunchHarness;
  beforeAll(async () => {
    h = await startLaunchHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('keeps the image of the latest prepare only', async () => {
    const creator = await h.wallet();
    await h.acceptTerms(creator);
    const mint = await generateKeyPairSigner();
    const prepare = (extra: Record<string, unknown>) =>
      h.post<{ mint: string }>('/api/v1/launch/prepare', {
        creator: creator.address,
        mint: mint.address,
        name: 'Again',
        ticker: 'AGN',
        mode: 'holder',
        feeBps: 100,
        ...extra,
      });

    expect((await prepare({ image: PNG })).status).toBe(200);
    expect((await h.opstore.get(launchImages, mint.address))?.base64).toBe(PNG);

    expect((await prepare({ image: GIF })).status).toBe(200);
    expect((await h.opstore.get(launchImages, mint.address))?.base64).toBe(GIF);

    const again = await prepare({ description: 'now without an image' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await h.opstore.get(launches, mint.address))?.description).toBe('now without an image');
    expect(await h.opstore.get(launchImages, mint.address)).toBeNull();
  });
});
