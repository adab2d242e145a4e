// The coin image the launch routes stored, as the site serves it: the decoded bytes and the content type read
// from those bytes (never the type the creator's client claimed). The launch routes take only PNG, JPEG, GIF
// and WebP by their leading bytes (schemas/api/launch-fields.ts), so no SVG or other active content is ever
// stored; bytes that do not read as one of those are not served.
import type { OpStore } from '../../infra/opstore/op-store.js';
import { imageType, type ImageType } from '../../schemas/api/launch-fields.js';
import { launchImages } from '../launch/records.js';
import type { CoinOnSite } from './coin-on-site.js';

const CONTENT_TYPES: Record<ImageType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export interface CoinImage {
  contentType: string;
  bytes: Buffer;
}

/** The image of a coin whose launch record speaks for it, or null (no launch, no image, or unreadable bytes). */
export async function coinImage(opstore: OpStore | undefined, coin: CoinOnSite): Promise<CoinImage | null> {
  if (!opstore || !coin.launch) return null;
  const stored = await opstore.get(launchImages, coin.mint);
  if (!stored) return null;
  const bytes = Buffer.from(stored.base64, 'base64');
  const type = imageType(bytes);
  return type === null ? null : { contentType: CONTENT_TYPES[type], bytes };
}
