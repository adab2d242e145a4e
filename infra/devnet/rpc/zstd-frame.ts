// A valid Zstandard frame (RFC 8878) made of raw (stored) blocks, for the `base64+zstd` account
// encoding: any zstd decoder reads it back; the data is framed, not compressed.
const MAGIC = 0xfd2fb528;
const MAX_BLOCK = 128 * 1024;

export function zstdFrame(data: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(data.length / MAX_BLOCK));
  const out = new Uint8Array(4 + 1 + 4 + blocks * 3 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  // Frame header descriptor: 4-byte content size, single segment, no checksum, no dictionary.
  out[4] = (2 << 6) | (1 << 5);
  view.setUint32(5, data.length, true);
  let at = 9;
  for (let b = 0; b < blocks; b++) {
    const chunk = data.subarray(b * MAX_BLOCK, Math.min(data.length, (b + 1) * MAX_BLOCK));
    const last = b === blocks - 1 ? 1 : 0;
    const header = last | (0 << 1) | (chunk.length << 3);
    out[at] = header & 0xff;
    out[at + 1] = (header >> 8) & 0xff;
    out[at + 2] = (header >> 16) & 0xff;
    out.set(chunk, at + 3);
    at += 3 + chunk.length;
  }
  return out;
}
