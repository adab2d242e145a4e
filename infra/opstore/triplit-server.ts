// The operational store served over HTTP: the official Triplit server (`@triplit/server`) on SQLite in one file (or in
// memory), for deployments whose roles run as separate processes. Every request needs a token signed with the
// server's secret; the remote backend (remote-backend.ts) is its client. The server listens on all interfaces
// (Triplit's server takes no host), so outside one machine keep its port behind a firewall.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { createServer } from '@triplit/server';
import { BTreeKVStore } from '@triplit/db/storage/memory-btree';
import { SQLiteKVStore } from '@triplit/db/storage/sqlite';
import { stopWalGuard } from './embedded-backend.js';
import { mintServiceToken, OPSTORE_PROJECT_ID } from './service-token.js';

export interface TriplitServerOptions {
  /** SQLite file of the store; `:memory:` keeps it in memory. */
  file: string;
  /** Port to listen on; 0 picks a free one. */
  port: number;
  /** The secret that signs the server's tokens. */
  jwtSecret: string;
}

export interface TriplitServer {
  url: string;
  /** A service (secret) token the server accepts. */
  token: string;
  close(): Promise<void>;
}

const quiet = { log() {}, startSpan() {}, endSpan() {}, recordMetric() {} };

export async function startTriplitServer(options: TriplitServerOptions): Promise<TriplitServer> {
  let sqlite: Database.Database | null = null;
  let storage: BTreeKVStore | SQLiteKVStore;
  if (options.file === ':memory:') storage = new BTreeKVStore();
  else {
    mkdirSync(dirname(options.file), { recursive: true });
    sqlite = new Database(options.file);
    storage = new SQLiteKVStore(sqlite);
  }
  const start = await createServer({ storage, jwtSecret: options.jwtSecret, projectId: OPSTORE_PROJECT_ID, logHandler: quiet });
  const { server, port } = await new Promise<{ server: { close(): void }; port: number }>((resolve) => {
    // The Node adapter under the server passes the bound address to the callback, which its types leave out.
    const onOpen = ((info: { port: number }) => resolve({ server: handle, port: info.port })) as unknown as () => void;
    const handle = start(options.port, onOpen);
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    if (
      await fetch(`${url}/healthcheck`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (tries > 100) throw new Error(`the operational store's server did not answer at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url,
    token: mintServiceToken(options.jwtSecret),
    async close() {
      server.close();
      if (sqlite !== null) {
        stopWalGuard(storage as SQLiteKVStore);
        sqlite.close();
      }
    },
  };
}
