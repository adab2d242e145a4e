// Coin images as the launch routes keep them (the creator's base64, checked by type), one per mint.
import { imageType } from '../../schemas/api/launch-fields.js';
import type { OpTransaction } from '../../infra/opstore/op-store.js';
import { launchImages } from './records.js';

const MIME = { png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' } as const;

export function imageRecord(mint: string, base64: string): { id: string; type: string; base64: string } {
  const type = imageType(Buffer.from(base64.slice(0, 32), 'base64')) ?? 'png';
  return { id: mint, type: MIME[type], base64 };
}

/** Store (or replace) the image of the launch at `mint`. */
export async function putImage(tx: OpTransaction, mint: string, base64: string): Promise<void> {
  const record = imageRecord(mint, base64);
  if (await tx.get(launchImages, mint)) await tx.update(launchImages, mint, { type: record.type, base64: record.base64 });
  else await tx.insert(launchImages, record);
}

/** Remove the image of the launch at `mint`: a prepare without an image leaves none from an earlier prepare. */
export async function dropImage(tx: OpTransaction, mint: string): Promise<void> {
  if (await tx.get(launchImages, mint)) await tx.delete(launchImages, mint);
}
