// The devnet's Solana RPC endpoint: JSON-RPC 2.0 over HTTP (POST, any path; GET /health) and PubSub
// over WebSocket on the same port, with a validator's body limit, content-type check and CORS.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Ed25519KeyPair } from '../../crypto/ed25519.js';
import type { Bank } from '../ledger/bank.js';
import { createRpcContext } from './context.js';
import { handleJsonRpc } from './dispatch.js';
import { rpcMethods } from './methods/index.js';
import { createPubSub } from './pubsub.js';

/** A validator's MAX_REQUEST_BODY_SIZE. */
export const MAX_REQUEST_BODY_BYTES = 50 * 1024;

export interface RpcServerOptions {
  bank: Bank;
  /** Pays SOL airdrops and holds the mint authority of the faucet tokens. */
  faucet: Ed25519KeyPair;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Unexpected failures inside a method (answered as -32603); stderr by default. */
  onError?: (error: unknown) => void;
}

export interface RpcServer {
  url: string;
  wsUrl: string;
  close(): Promise<void>;
}

function cors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-methods', 'POST, OPTIONS');
  res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type, solana-client');
  res.setHeader('access-control-max-age', '86400');
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return true;
  const type = value.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type === 'application/json-rpc' || type === 'application/jsonrequest';
}

/** Read the body up to the limit; null when it is too large (the response is already sent). */
function readBody(req: IncomingMessage, res: ServerResponse): Promise<string | null> {
  return new Promise((resolve) => {
    const tooLarge = () => {
      res.setHeader('connection', 'close');
      res.on('finish', () => req.destroy());
      plain(res, 413, 'Request body size exceeds allowed maximum.');
      resolve(null);
    };
    if (Number(req.headers['content-length'] ?? 0) > MAX_REQUEST_BODY_BYTES) return tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_REQUEST_BODY_BYTES) {
        done = true;
        tooLarge();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', () => {
      if (!done) resolve(null);
      done = true;
    });
  });
}

export async function startRpcServer(options: RpcServerOptions): Promise<RpcServer> {
  const onError = options.onError ?? ((error: unknown) => console.error('devnet rpc:', error));
  const ctx = createRpcContext(options.bank, options.faucet);
  const pubsub = createPubSub(ctx, onError);

  const server = createServer((req, res) => {
    cors(req, res);
    const path = (req.url ?? '/').split('?')[0];
    if ((req.method === 'GET' || req.method === 'HEAD') && path === '/health') return plain(res, 200, 'ok');
    if (req.method === 'OPTIONS') {
      res.writeHead(200);
      res.end();
      return;
    }
    if (req.method !== 'POST') return plain(res, 405, 'Used HTTP Method is not allowed. POST or OPTIONS is required\n');
    if (!isJsonContentType(req.headers['content-type'])) {
      return plain(res, 415, 'Supplied content type is not allowed. Content-Type: application/json is required\n');
    }
    readBody(req, res)
      .then(async (body) => {
        if (body === null) return;
        const reply = await handleJsonRpc(body, rpcMethods, ctx, onError);
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(reply ?? '');
      })
      .catch((error: unknown) => {
        onError(error);
        if (!res.headersSent) plain(res, 500, 'Internal Server Error');
        else res.destroy();
      });
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    pubsub.handleUpgrade(req, socket, head);
  });
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

  let closing: Promise<void> | null = null;
  return {
    url: `http://${urlHost}:${port}`,
    wsUrl: `ws://${urlHost}:${port}`,
    close: () => {
      closing ??= (async () => {
        await pubsub.close();
        ctx.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}
