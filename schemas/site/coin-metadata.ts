// The coin metadata document the site serves at the URI a launch writes on chain (`/coins/{mint}/metadata.json`):
// the fungible-token metadata shape wallets and explorers read (name, symbol, description, image, external_url)
// with the creator's links under `extensions` as token lists name them. Every text in it is the creator's,
// untrusted: it is served as JSON data and never interpreted.
import { z } from 'zod';

export const coinMetadataExtensions = z
  .strictObject({
    website: z.string().optional().describe("The creator's website, https, unchecked"),
    twitter: z.string().optional().describe("The creator's X (Twitter) link, https, unchecked"),
    telegram: z.string().optional().describe("The creator's Telegram link, https, unchecked"),
  })
  .describe('Links the creator gave at launch; only those given');

export const coinMetadataDocument = z
  .strictObject({
    name: z.string().describe("The coin's name as written on chain"),
    symbol: z.string().describe("The coin's ticker as written on chain"),
    description: z.string().optional().describe("The creator's description; absent when none was given"),
    image: z.string().optional().describe("Absolute URL of the service's copy of the coin image; absent without one"),
    external_url: z.string().describe("The coin's page on the site"),
    extensions: coinMetadataExtensions.optional().describe('Absent when the creator gave no links'),
  })
  .describe('Token metadata of a coin');

export type CoinMetadataDocument = z.infer<typeof coinMetadataDocument>;
