// x402 version 2's PaymentRequired, as the PAYMENT-REQUIRED header carries it (base64 JSON) and as a paid MCP tool
// answers a call to pay (spec 5.2): what to pay, to whom, on which chain, in which asset.
import { z } from 'zod';

export const paymentRequirements = z.object({
  scheme: z.string().describe('Payment scheme: exact'),
  network: z.string().describe("The chain's CAIP-2 id"),
  asset: z.string().describe('Mint of the token to pay in (the dollar stablecoin)'),
  amount: z.string().describe('Amount in raw units of the asset'),
  payTo: z.string().describe('The wallet to pay'),
  maxTimeoutSeconds: z.number().describe('How long the payment may take'),
  extra: z.record(z.string(), z.unknown()).describe('feePayer (the service pays the network fee), and a recent blockhash'),
});

export const paymentRequired = z
  .object({
    x402Version: z.literal(2),
    error: z.string().optional().describe('Why this call must be paid, or why a payment was refused'),
    resource: z.object({ url: z.string(), description: z.string().optional(), mimeType: z.string().optional() }),
    accepts: z.array(paymentRequirements).describe('The ways to pay; sign one and call again with it'),
    extensions: z.record(z.string(), z.unknown()).optional(),
  })
  .describe('x402 payment requirements: this call must be paid');
