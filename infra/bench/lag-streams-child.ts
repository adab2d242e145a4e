// The lag phase's stream clients, in a process of their own as clients would be. `follow` opens the platform stream
// (GET /api/v1/stream) first, then the stream of every coin the API lists (GET /api/v1/coins by volume, page by page),
// and of every coin a later `coin.launched` message announces. A visitor may hold only 5 streams, so each connection
// says it comes from its own address, as a proxy in front of the service would (the API trusts one proxy here).
// Notes when each coin's stream opened (its 200 answer: the API follows the coin for it from then on), when one
// ended, and when each trade message first arrived; `collect` answers these for the trades asked about.
import { get, type ClientRequest } from 'node:http';
import { serveCommands, wallMs } from './bench-ipc.js';
import { dataOf, isEvent, signatureOf, SseBlocks } from './sse-blocks.js';

export interface StreamArrivals {
  /** Wall ms each asked-about trade's message first reached a client. */
  arrivals: Record<string, number>;
  /** Wall ms each coin's stream was open (its 200 answer read). */
  opened: Record<string, number>;
  /** Wall ms a coin's stream ended, for those that did. */
  ended: Record<string, number>;
  /** Streams the API did not open (an answer other than 200), by status. */
  refused: Record<string, number>;
  /** Trade messages received in all. */
  trades: number;
}

const PAGE = 100;
const requests: ClientRequest[] = [];
const opened = new Map<string, number>();
const ended = new Map<string, number>();
const opening = new Set<string>();
const refused = new Map<string, number>();
const arrivals = new Map<string, number>();
let trades = 0;
let visitors = 0;
let apiUrl = '';

/** Open one stream as a new visitor; resolves with the time it was open, or null when the API refused it. */
function openStream(path: string, onBlock: (block: string) => void, onEnd: () => void): Promise<number | null> {
  const n = ++visitors;
  const headers = { accept: 'text/event-stream', 'x-forwarded-for': `10.1.${n >> 8}.${n & 255}` };
  return new Promise((resolve, reject) => {
    const request = get(`${apiUrl}${path}`, { headers, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        const status = String(response.statusCode);
        refused.set(status, (refused.get(status) ?? 0) + 1);
        response.resume();
        return resolve(null);
      }
      const at = wallMs();
      const blocks = new SseBlocks(onBlock);
      response.setEncoding('utf8');
      response.on('data', (text: string) => blocks.push(text));
      response.once('close', onEnd);
      resolve(at);
    });
    requests.push(request);
    request.on('error', reject);
  });
}

function onCoinBlock(block: string): void {
  if (!isEvent(block, 'trade')) return;
  trades++;
  const signature = signatureOf(block);
  if (signature !== null && !arrivals.has(signature)) arrivals.set(signature, wallMs());
}

async function followCoin(mint: string): Promise<void> {
  if (opening.has(mint)) return;
  opening.add(mint);
  const at = await openStream(`/api/v1/coins/${mint}/stream`, onCoinBlock, () => ended.set(mint, wallMs()));
  if (at !== null) opened.set(mint, at);
}

function onPlatformBlock(block: string): void {
  if (!isEvent(block, 'coin.launched')) return;
  const data = dataOf(block);
  const mint = data === null ? undefined : (JSON.parse(data) as { data?: { mint?: string } }).data?.mint;
  if (mint !== undefined) followCoin(mint).catch((error: unknown) => console.error(`stream of ${mint}:`, error));
}

serveCommands({
  async follow(args: { apiUrl: string }) {
    apiUrl = args.apiUrl;
    // Launches first, so a coin launched while the list is read is not missed.
    const platform = await openStream('/api/v1/stream', onPlatformBlock, () => ended.set('platform', wallMs()));
    if (platform === null) throw new Error('the platform stream was refused');
    const listed: string[] = [];
    for (let offset: number | null = 0; offset !== null; ) {
      const response = await fetch(`${apiUrl}/api/v1/coins?limit=${PAGE}&sort=volume&offset=${offset}`);
      if (!response.ok) throw new Error(`GET /api/v1/coins: ${response.status} ${await response.text()}`);
      const page = (await response.json()) as { coins: { mint: string }[]; next: number | null };
      listed.push(...page.coins.map((coin) => coin.mint));
      offset = page.next;
    }
    await Promise.all(listed.map((mint) => followCoin(mint)));
    return { listed: listed.length };
  },
  async collect(args: { signatures: string[] }): Promise<StreamArrivals> {
    const asked: Record<string, number> = {};
    for (const signature of args.signatures) {
      const at = arrivals.get(signature);
      if (at !== undefined) asked[signature] = at;
    }
    return { arrivals: asked, opened: Object.fromEntries(opened), ended: Object.fromEntries(ended), refused: Object.fromEntries(refused), trades };
  },
  async stop() {
    for (const request of requests) request.destroy();
  },
});
