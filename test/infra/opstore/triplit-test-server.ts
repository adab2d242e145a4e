// A Triplit server (the official @triplit/server) in this process on a free loopback port, in memory,
// with a service token minted from its signing secret: what the remote operational store is tested against.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer as createNetServer } from 'node:net';
import { createServer } from '@triplit/server';
import { BTreeKVStore } from '@triplit/db/storage/memory-btree';

export interface TriplitTestServer {
  url: string;
  /** A service (secret) token the server accepts. */
  token: string;
  close(): Promise<void>;
}

const PROJECT_ID = 'launchtape-test';
const quiet = { log() {}, startSpan() {}, endSpan() {}, recordMetric() {} };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** An HS256 JWT carrying Triplit's service-token claims. */
export function mintServiceToken(secret: string, projectId = PROJECT_ID): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ 'x-triplit-token-type': 'secret', 'x-triplit-project-id': projectId })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

export async function startTriplitTestServer(): Promise<TriplitTestServer> {
  const secret = randomBytes(32).toString('hex');
  const start = await createServer({ storage: new BTreeKVStore(), jwtSecret: secret, projectId: PROJECT_ID, logHandler: quiet });
  const port = await freePort();
  const server = await new Promise<{ close(): void }>((resolve) => {
    const handle = start(port, () => resolve(handle));
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    const ready = await fetch(`${url}/healthcheck`).then((r) => r.ok, () => false);
    if (ready) break;
    if (tries > 50) throw new Error('Triplit test server did not start');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { url, token: mintServiceToken(secret), close: async () => server.close() };
}
