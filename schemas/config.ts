// The service's configuration: the only module that reads process.env. Every value is validated here;
// defaults are the embedded setup (local devnet, SQLite log, chDB, embedded Triplit).
import { z } from 'zod';
import { isAddress, type Address } from '@solana/kit';
import { DEVNET_ADDRESSES } from './devnet-addresses.js';
import { DEVNET_HOOKS_MENU, hooksMenuSchema, type HooksMenu } from './hooks-menu.js';
import { DEVNET_TOKEN_LABELS, tokenLabelsSchema, type TokenLabel } from './token-labels.js';

const address = z
  .string()
  .refine(isAddress, 'not a base58 address')
  .transform((value) => value as Address);
const port = z.coerce.number().int().min(0).max(65_535);
const addressList = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(address));

/** The Solana networks x402 knows by CAIP-2 id (its SVM scheme refuses any other). */
export const X402_NETWORKS = {
  mainnet: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
} as const;
export type X402Network = (typeof X402_NETWORKS)[keyof typeof X402_NETWORKS];

/** A price in US dollars with at most 6 decimals, e.g. `0.01`, as micro-USD (raw units of the dollar stablecoin). */
const usdPrice = z
  .string()
  .regex(/^\d{1,6}(\.\d{1,6})?$/, 'expected dollars with at most 6 decimals, e.g. 0.01')
  .transform((text) => {
    const [whole, fraction = ''] = text.split('.');
    return BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
  })
  .refine((microUsd) => microUsd > 0n, 'a price must be above zero');

/** The read path's kept answers at most by default, in MiB of their estimated heap. */
export const DEFAULT_READ_CACHE_MIB = 64;

const envSchema = z.object({
  NETWORK: z.string().min(1).default('mainnet'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  PORT: port.default(8080),
  DEVNET_RPC_PORT: port.default(8899),
  DEVNET_GRPC_PORT: port.default(10_000),
  DEVNET_SEED: z.coerce.number().int().min(0).default(1),
  /** A remote chain; unset means the embedded devnet. */
  RPC_URL: z.url().optional(),
  /** A Yellowstone gRPC endpoint: http:// in plain text, https:// over TLS. */
  YELLOWSTONE_URL: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL of a Yellowstone gRPC endpoint' }).optional(),
  YELLOWSTONE_X_TOKEN: z.string().optional(),
  /** With an empty event log, ingest follows the chain from this slot (replaying it if past); unset: from the tip. */
  INGEST_START_SLOT: z.coerce.number().int().min(0).optional(),
  KAFKA_BROKERS: addressListOrHosts().optional(),
  /** How long the broker waits for a silent consumer before handing its partitions to the rest of its group (a role
   * killed and started again waits this long to consume again); heartbeats go at a tenth of it. */
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(6_000).max(300_000).default(10_000),
  /** Hours the event log keeps a raw transaction after its append (the decoders read it at once); 0 keeps them all. */
  RAW_RETENTION_HOURS: z.coerce.number().int().min(0).max(87_600).default(24),
  CLICKHOUSE_URL: z.url().optional(),
  TRIPLIT_URL: z.url().optional(),
  /** A service (secret) token of the Triplit server at TRIPLIT_URL. */
  TRIPLIT_TOKEN: z.string().min(1).optional(),
  /** `npm run start:scale-out` without TRIPLIT_URL: the loopback port of the operational store's own server. */
  OPSTORE_PORT: port.default(8091),
  /** Public root of the site (coin pages, launch metadata); unset means http://localhost:<PORT>. */
  SITE_URL: z.url().optional(),
  /** Base64 of 32 bytes: the AES-256-GCM key sealing the service's keys (address-pool mints, sponsor) at rest.
   * Unset with the embedded devnet: a key file is created once under DATA_DIR/keys. */
  KEYS_ENCRYPTION_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/_-]{43}=?$/, 'expected base64 of 32 bytes')
    .optional(),
  LAUNCHPAD_PROGRAM_ID: address.prefault(DEVNET_ADDRESSES.launchpadProgram),
  POOL_VENUE_PROGRAM_ID: address.prefault(DEVNET_ADDRESSES.poolVenueProgram),
  GUARD_PROGRAM_ID: address.prefault(DEVNET_ADDRESSES.guardProgram),
  TREASURY_WALLET: address.prefault(DEVNET_ADDRESSES.treasury),
  AI_FUND_WALLET: address.prefault(DEVNET_ADDRESSES.aiFund),
  BURN_FUND_WALLET: address.prefault(DEVNET_ADDRESSES.burnFund),
  REWARDS_VAULT_WALLET: address.prefault(DEVNET_ADDRESSES.rewardsVault),
  CREATOR_VAULT_WALLET: address.prefault(DEVNET_ADDRESSES.creatorVault),
  PLATFORM_LIQUIDITY_WALLET: address.prefault(DEVNET_ADDRESSES.platformLiquidity),
  FLYWHEEL_FUND_WALLET: address.prefault(DEVNET_ADDRESSES.flywheelFund),
  SPONSOR_WALLET: address.prefault(DEVNET_ADDRESSES.sponsor),
  KEEPER_WALLET: address.prefault(DEVNET_ADDRESSES.keeper),
  /** Where paid calls are paid to (x402 `payTo`); its stablecoin account must exist. */
  PAYMENT_WALLET: address.prefault(DEVNET_ADDRESSES.payments),
  /** The service key that pays the network fee of paid calls (x402 `extra.feePayer`), sealed like the sponsor. */
  FEE_PAYER_WALLET: address.prefault(DEVNET_ADDRESSES.feePayer),
  /** The chain's CAIP-2 id as paid calls advertise it. */
  X402_NETWORK: z.enum(Object.values(X402_NETWORKS) as [X402Network, ...X402Network[]]).default(X402_NETWORKS.mainnet),
  /** Prices of the paid tiers (spec 5.1): Basic reads, and the Premium read. Basic is also the price of a request
   * past the free allowance. */
  PRICE_BASIC_USD: usdPrice.prefault('0.01'),
  PRICE_PREMIUM_USD: usdPrice.prefault('0.05'),
  /** Free requests a visitor may make a minute (spec 8); 0 turns the allowance off. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(120),
  /** Free tool calls a visitor may make a minute on the MCP server, counted apart from the API's; 0 turns it off. */
  MCP_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(60),
  /** The read path's kept answers at most, in MiB of their estimated heap. */
  READ_CACHE_MIB: z.coerce.number().int().min(1).max(65_536).default(DEFAULT_READ_CACHE_MIB),
  /** Proxies in front of the API whose X-Forwarded-For is believed, nearest first; 0 means none. */
  TRUSTED_PROXIES: z.coerce.number().int().min(0).max(16).default(0),
  STABLECOIN_MINT: address.prefault(DEVNET_ADDRESSES.stablecoinMint),
  PLATFORM_TOKEN_MINT: address.prefault(DEVNET_ADDRESSES.platformTokenMint),
  BASKET_MINTS: addressList.prefault(DEVNET_ADDRESSES.basketMints.join(',')),
  /** The platform token's decimals and original supply in whole tokens (the burns route reports against it). */
  PLATFORM_TOKEN_DECIMALS: z.coerce.number().int().min(0).max(18).default(6),
  PLATFORM_TOKEN_ORIGINAL_SUPPLY: z
    .string()
    .regex(/^[1-9]\d{0,20}$/, 'expected whole tokens')
    .default('1000000000'),
  /** The hooks menu as JSON ({ open, hooks }, schemas/hooks-menu.ts); unset means the devnet's menu. */
  HOOKS_MENU: jsonText().pipe(hooksMenuSchema).optional(),
  /** Labels of the listed tokens as JSON ([{ mint, symbol, name, decimals }], schemas/token-labels.ts); unset means the
   * devnet's. */
  TOKEN_LABELS: jsonText().pipe(tokenLabelsSchema).optional(),
  /** A token aggregator's search API (GET <url>/search?query=); unset means the service's own tokens answer. */
  TOKEN_SEARCH_URL: z.url().optional(),
  TOKEN_SEARCH_API_KEY: z.string().min(1).optional(),
  TOKEN_SEARCH_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  TOKEN_SEARCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2_000),
  /** For local development and tests only: webhook receivers on loopback addresses (127.0.0.0/8, ::1) are allowed.
   * Other private ranges stay refused. Off by default. */
  WEBHOOKS_ALLOW_LOOPBACK: z.enum(['true', 'false']).default('false'),
});

function jsonText() {
  return z.string().transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not JSON' });
      return z.NEVER;
    }
  });
}

function addressListOrHosts() {
  return z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[\w.-]+:\d{1,5}$/, 'expected host:port')).min(1));
}

export interface ServiceWallets {
  treasury: Address;
  aiFund: Address;
  burnFund: Address;
  rewardsVault: Address;
  creatorVault: Address;
  platformLiquidity: Address;
  flywheelFund: Address;
  sponsor: Address;
  keeper: Address;
  /** Receives paid calls. */
  payments: Address;
  /** Pays the network fee of paid calls and co-signs the callers' payments. */
  feePayer: Address;
}

/** The service's own wallets as one list: never counted as holders. */
export function serviceWalletList(wallets: ServiceWallets): readonly string[] {
  return Object.values(wallets);
}

/** A list of wallets as text for a key, the same for the same wallets in any order. */
export function walletsKey(wallets: readonly string[]): string {
  return [...wallets].sort().join(',');
}

export interface Config {
  network: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  dataDir: string;
  port: number;
  devnet: { rpcPort: number; grpcPort: number; seed: number };
  chain: { rpcUrl?: string; yellowstoneUrl?: string; yellowstoneToken?: string };
  /** Where ingest starts on an empty event log: a slot, or the chain's tip when unset. */
  ingest: { startSlot?: number };
  stores: {
    kafkaBrokers?: string[];
    kafkaSessionTimeoutMs: number;
    /** How long the raw-transactions topic keeps a record (ms), or null to keep every one. */
    rawRetentionMs: number | null;
    clickhouseUrl?: string;
    triplitUrl?: string;
    triplitToken?: string;
    opstorePort: number;
  };
  programs: { launchpad: Address; poolVenue: Address; guard: Address };
  wallets: ServiceWallets;
  mints: { stablecoin: Address; platformToken: Address; basket: Address[] };
  /** Symbols, names and decimals of the listed tokens (the token routes); SOL's are known. */
  tokenLabels: readonly TokenLabel[];
  /** The hooks menu (GET /hooks; launches accept only its live, non-built-in ids). */
  hooks: HooksMenu;
  /** Token search (GET /tokens): an aggregator, its answers cached `ttlSeconds`, each call limited to `timeoutMs`. */
  tokenSearch: { url?: string; apiKey?: string; ttlSeconds: number; timeoutMs: number };
  /** The platform token: decimals, and its original supply in raw units. */
  platformToken: { decimals: number; originalSupplyRaw: bigint };
  /** Paid calls (x402): the network id advertised and the tiers' prices in micro-USD (stablecoin raw units). */
  payments: { network: X402Network; prices: { basic: bigint; premium: bigint } };
  /** The read path's kept answers at most, in bytes of their estimated heap (projections/read-path.ts). */
  readCacheBytes: number;
  /** The free allowance: API requests and MCP tool calls a visitor may make a minute (0: off), and how many proxies'
   * X-Forwarded-For to trust. */
  allowance: { perMinute: number; mcpPerMinute: number; trustedProxies: number };
  /** Webhook receivers: whether loopback addresses may receive (local development and tests only). */
  webhooks: { allowLoopback: boolean };
  /** Public root of the site, without a trailing slash. */
  siteUrl: string;
  /** The key sealing the service's own keys; revealed only where keys are opened, printed as [redacted]. */
  keysEncryptionKey: ConfigSecret | null;
}

/** A configured secret that never prints: JSON and inspection show [redacted]. */
export interface ConfigSecret {
  reveal(): string;
}

function configSecret(value: string): ConfigSecret {
  return Object.freeze({
    reveal: () => value,
    toJSON: () => '[redacted]',
    [Symbol.for('nodejs.util.inspect.custom')]: () => '[redacted]',
  });
}

export class ConfigError extends Error {}

/** Validate an environment (process.env by default) into the typed configuration. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    network: e.NETWORK,
    logLevel: e.LOG_LEVEL,
    dataDir: e.DATA_DIR,
    port: e.PORT,
    devnet: { rpcPort: e.DEVNET_RPC_PORT, grpcPort: e.DEVNET_GRPC_PORT, seed: e.DEVNET_SEED },
    chain: { rpcUrl: e.RPC_URL, yellowstoneUrl: e.YELLOWSTONE_URL, yellowstoneToken: e.YELLOWSTONE_X_TOKEN },
    ingest: { startSlot: e.INGEST_START_SLOT },
    stores: {
      kafkaBrokers: e.KAFKA_BROKERS,
      kafkaSessionTimeoutMs: e.KAFKA_SESSION_TIMEOUT_MS,
      rawRetentionMs: e.RAW_RETENTION_HOURS === 0 ? null : e.RAW_RETENTION_HOURS * 3_600_000,
      clickhouseUrl: e.CLICKHOUSE_URL,
      triplitUrl: e.TRIPLIT_URL,
      triplitToken: e.TRIPLIT_TOKEN,
      opstorePort: e.OPSTORE_PORT,
    },
    programs: { launchpad: e.LAUNCHPAD_PROGRAM_ID, poolVenue: e.POOL_VENUE_PROGRAM_ID, guard: e.GUARD_PROGRAM_ID },
    wallets: {
      treasury: e.TREASURY_WALLET,
      aiFund: e.AI_FUND_WALLET,
      burnFund: e.BURN_FUND_WALLET,
      rewardsVault: e.REWARDS_VAULT_WALLET,
      creatorVault: e.CREATOR_VAULT_WALLET,
      platformLiquidity: e.PLATFORM_LIQUIDITY_WALLET,
      flywheelFund: e.FLYWHEEL_FUND_WALLET,
      sponsor: e.SPONSOR_WALLET,
      keeper: e.KEEPER_WALLET,
      payments: e.PAYMENT_WALLET,
      feePayer: e.FEE_PAYER_WALLET,
    },
    mints: { stablecoin: e.STABLECOIN_MINT, platformToken: e.PLATFORM_TOKEN_MINT, basket: e.BASKET_MINTS },
    hooks: e.HOOKS_MENU ?? DEVNET_HOOKS_MENU,
    tokenLabels: e.TOKEN_LABELS ?? DEVNET_TOKEN_LABELS,
    tokenSearch: {
      url: e.TOKEN_SEARCH_URL,
      apiKey: e.TOKEN_SEARCH_API_KEY,
      ttlSeconds: e.TOKEN_SEARCH_TTL_SECONDS,
      timeoutMs: e.TOKEN_SEARCH_TIMEOUT_MS,
    },
    platformToken: {
      decimals: e.PLATFORM_TOKEN_DECIMALS,
      originalSupplyRaw: BigInt(e.PLATFORM_TOKEN_ORIGINAL_SUPPLY) * 10n ** BigInt(e.PLATFORM_TOKEN_DECIMALS),
    },
    payments: { network: e.X402_NETWORK, prices: { basic: e.PRICE_BASIC_USD, premium: e.PRICE_PREMIUM_USD } },
    readCacheBytes: e.READ_CACHE_MIB * 1024 * 1024,
    allowance: { perMinute: e.RATE_LIMIT_PER_MINUTE, mcpPerMinute: e.MCP_RATE_LIMIT_PER_MINUTE, trustedProxies: e.TRUSTED_PROXIES },
    webhooks: { allowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK === 'true' },
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    keysEncryptionKey: e.KEYS_ENCRYPTION_KEY === undefined ? null : configSecret(e.KEYS_ENCRYPTION_KEY),
  };
}
