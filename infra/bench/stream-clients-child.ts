// The stream bench's clients, in a process of their own: `open` opens `count` Server-Sent Event streams (node:http,
// one connection each) and counts the trades each receives; `expect` names the sampled trades whose arrival times
// are kept; `status` reports the counts; `collect` gives, for each sampled trade, the arrival wall time at every
// client. Parsing is minimal (sse-blocks.ts): a trade message is recognised by its `event: trade` line and its
// signature field.
import { get, type ClientRequest } from 'node:http';
import { sendReport, serveCommands, wallMs } from './bench-ipc.js';
import { isEvent, signatureOf, SseBlocks } from './sse-blocks.js';

const clients: { request: ClientRequest; trades: number }[] = [];
let samples = new Set<string>();
const arrivals = new Map<string, number[]>();

function onBlock(client: (typeof clients)[number], block: string): void {
  if (!isEvent(block, 'trade')) return;
  client.trades += 1;
  if (samples.size === 0) return;
  const signature = signatureOf(block);
  if (signature !== null && samples.has(signature)) {
    let times = arrivals.get(signature);
    if (times === undefined) arrivals.set(signature, (times = []));
    times.push(wallMs());
  }
}

serveCommands({
  async open(args: { url: string; count: number }) {
    await Promise.all(
      Array.from(
        { length: args.count },
        (_, i) =>
          new Promise<void>((resolve, reject) => {
            // Each its own visitor, as a proxy in front of the service would say (the service trusts one proxy here).
            const headers = { accept: 'text/event-stream', 'x-forwarded-for': `10.0.${i >> 8}.${i & 255}` };
            const request = get(args.url, { headers, agent: false }, (response) => {
              if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
              const client = { request, trades: 0 };
              clients.push(client);
              const blocks = new SseBlocks((block) => onBlock(client, block));
              response.setEncoding('utf8');
              response.on('data', (text: string) => blocks.push(text));
              resolve();
            });
            request.on('error', reject);
          }),
      ),
    );
    return { open: clients.length };
  },
  async expect(args: { samples: string[] }) {
    samples = new Set(args.samples);
    arrivals.clear();
    for (const client of clients) client.trades = 0;
  },
  async status() {
    return { trades: clients.reduce((sum, client) => sum + client.trades, 0), slowest: Math.min(...clients.map((client) => client.trades)) };
  },
  async collect() {
    return Object.fromEntries(arrivals);
  },
  async stop() {
    for (const client of clients) client.request.destroy();
  },
});
sendReport({ ready: true });
