// The metadata document of a coin (schemas/site/coin-metadata.ts): name and symbol, the creator's description
// and links when a launch record speaks for the coin, the image's and the coin page's absolute URLs on the site.
// A coin launched elsewhere gets its chain facts and no image. Nothing here reads the coin's on-chain URI: a
// third-party address is never fetched, and for a coin launched here it points back at this document.
import type { CoinMetadataDocument } from '../../schemas/site/coin-metadata.js';
import type { CoinOnSite } from './coin-on-site.js';

/** The coin's page on the site. */
export function coinPageUrl(siteUrl: string, mint: string): string {
  return `${siteUrl}/coins/${mint}`;
}

/** An idea's page on the site (a path alone when no site URL is configured). */
export function ideaPageUrl(siteUrl: string | undefined, id: string): string {
  return `${siteUrl ?? ''}/ideas/${encodeURIComponent(id)}`;
}

/** Where the site serves the coin's image. */
export function coinImageUrl(siteUrl: string, mint: string): string {
  return `${coinPageUrl(siteUrl, mint)}/image`;
}

interface Socials {
  x?: string | null;
  telegram?: string | null;
  website?: string | null;
}

function extensionsOf(socialsJson: string): CoinMetadataDocument['extensions'] {
  const socials = JSON.parse(socialsJson) as Socials;
  const extensions = {
    ...(socials.website ? { website: socials.website } : {}),
    ...(socials.x ? { twitter: socials.x } : {}),
    ...(socials.telegram ? { telegram: socials.telegram } : {}),
  };
  return Object.keys(extensions).length > 0 ? extensions : undefined;
}

export function coinMetadata(siteUrl: string, coin: CoinOnSite, hasImage: boolean): CoinMetadataDocument {
  const description = coin.launch?.description ?? null;
  const extensions = coin.launch ? extensionsOf(coin.launch.socials) : undefined;
  return {
    name: coin.name,
    symbol: coin.symbol,
    ...(description ? { description } : {}),
    ...(hasImage ? { image: coinImageUrl(siteUrl, coin.mint) } : {}),
    external_url: coinPageUrl(siteUrl, coin.mint),
    ...(extensions ? { extensions } : {}),
  };
}
