// Token logos as the service serves them (`GET /tokens/{mint}/logo`): a copy of the aggregator's image when
// the aggregator named one (fetched once, raster images only, size-capped, kept in memory), else an image
// generated from the mint alone: a mirrored 5x5 pattern in a colour from the mint's SHA-256, the same for the
// same mint everywhere. The devnet has no token images, so there every logo is generated.
import { createHash } from 'node:crypto';
import { API_PREFIX } from '../openapi.js';

/** `logoUrl`: the service's copy of a token's logo, absolute on the site's public root (root-relative without one). */
export function logoUrl(siteUrl: string | undefined, mint: string): string {
  return `${siteUrl ?? ''}${API_PREFIX}/tokens/${mint}/logo`;
}

export interface Logo {
  contentType: string;
  body: Buffer;
}

/** A deterministic SVG image for a mint. */
export function generatedLogo(mint: string): Logo {
  const hash = createHash('sha256').update(mint).digest();
  const hue = ((hash[0]! << 8) | hash[1]!) % 360;
  const cells: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 3; col++) {
      if ((hash[2 + row * 3 + col]! & 1) === 0) continue;
      for (const x of new Set([col, 4 - col])) cells.push(`<rect x="${4 + x * 8}" y="${4 + row * 8}" width="8" height="8"/>`);
    }
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">` +
    `<rect width="48" height="48" rx="8" fill="hsl(${hue},45%,92%)"/>` +
    `<g fill="hsl(${hue},60%,42%)">${cells.join('')}</g></svg>`;
  return { contentType: 'image/svg+xml', body: Buffer.from(svg) };
}

const RASTER = /^image\/(png|jpeg|gif|webp)$/;
const MAX_LOGO_BYTES = 512 * 1024;
const MAX_REMEMBERED = 2_000;
const RETRY_AFTER_MS = 10 * 60_000;

/** Image addresses the aggregator gave, and the copies fetched from them. */
export class LogoStore {
  /** Mints the aggregator named, with their image address when it is one we fetch from. */
  private readonly sources = new Map<string, string | null>();
  private readonly copies = new Map<string, Logo>();
  private readonly failedAt = new Map<string, number>();

  constructor(
    private readonly timeoutMs = 3_000,
    /** URL schemes fetched from; https only unless told otherwise. */
    private readonly schemes: readonly string[] = ['https:'],
  ) {}

  /** Remembers a mint the aggregator named and where its image is. */
  remember(mint: string, url: string | null | undefined): void {
    const usable = typeof url === 'string' && URL.canParse(url) && this.schemes.includes(new URL(url).protocol);
    this.sources.delete(mint);
    bounded(this.sources, MAX_REMEMBERED).set(mint, usable ? url : null);
  }

  knows(mint: string): boolean {
    return this.sources.has(mint) || this.copies.has(mint);
  }

  /** The service's copy of the aggregator's image, or the generated one. */
  async logo(mint: string): Promise<Logo> {
    const copy = this.copies.get(mint);
    if (copy !== undefined) return copy;
    const source = this.sources.get(mint);
    const failed = this.failedAt.get(mint);
    if (source === undefined || source === null || (failed !== undefined && Date.now() - failed < RETRY_AFTER_MS)) return generatedLogo(mint);
    const fetched = await fetchImage(source, this.timeoutMs);
    if (fetched === null) {
      bounded(this.failedAt, MAX_REMEMBERED).set(mint, Date.now());
      return generatedLogo(mint);
    }
    bounded(this.copies, MAX_REMEMBERED).set(mint, fetched);
    return fetched;
  }
}

function bounded<K, V>(map: Map<K, V>, max: number): Map<K, V> {
  while (map.size >= max) map.delete(map.keys().next().value as K);
  return map;
}

async function fetchImage(url: string, timeoutMs: number): Promise<Logo | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!response.ok || !RASTER.test(contentType)) return null;
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_LOGO_BYTES) return null;
    const body = Buffer.from(await response.arrayBuffer());
    return body.length > MAX_LOGO_BYTES || body.length === 0 ? null : { contentType, body };
  } catch {
    return null;
  }
}
