// Labels of the tokens the service lists (stablecoin, platform token, basket tokens): the symbol, name and decimals
// its token routes show for each mint. They come from the configuration (TOKEN_LABELS, JSON); unset, the devnet's
// list, whose mints are the configuration's defaults.
import { z } from 'zod';
import { address } from './api/fields.js';
import { DEVNET_TOKENS } from './devnet-tokens.js';

const tokenLabelSchema = z.strictObject({
  mint: address,
  symbol: z.string().trim().min(1).max(16),
  name: z.string().trim().min(1).max(64),
  decimals: z.number().int().min(0).max(18),
});

export const tokenLabelsSchema = z
  .array(tokenLabelSchema)
  .max(100)
  .refine((labels) => new Set(labels.map((label) => label.mint)).size === labels.length, 'a mint is labelled twice');

export type TokenLabel = z.output<typeof tokenLabelSchema>;

export const DEVNET_TOKEN_LABELS: readonly TokenLabel[] = DEVNET_TOKENS.map(({ mint, symbol, name, decimals }) => ({ mint, symbol, name, decimals }));
