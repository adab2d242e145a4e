// Solana PubSub over WebSocket: accountSubscribe, signatureSubscribe, slotSubscribe, rootSubscribe
// and their unsubscribes (plus getVersion), with the JSON-RPC envelope and errors of the HTTP side.
import type { IncomingMessage } from 'node:http';
import type { Address } from '@solana/kit';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { parseBase58Key } from './codec.js';
import { accountEncoding, commitment, dataSlice } from './config.js';
import { FEATURE_SET, SOLANA_CORE_VERSION, type RpcContext } from './context.js';
import { handleJsonRpc, type MethodHandler } from './dispatch.js';
import { invalidParams } from './errors.js';
import { stringifyJson } from './json.js';
import { bool, optional, parseParams, slot, str, struct, u64 } from './params.js';
import { SubscriptionHub, type NewSubscription, type Subscriber } from './subscriptions.js';

/** A connection that lets this much output pile up is too slow to keep. */
const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;
const MAX_MESSAGE_BYTES = 1024 * 1024;

interface Session {
  readonly hub: SubscriptionHub;
  readonly subscriber: Subscriber;
  /** Ids this connection created and has not unsubscribed (kept after a signature's one notification). */
  readonly ids: Set<number>;
}

function param(text: string, size: 32 | 64, thing: string): string {
  if (!parseBase58Key(text, size).ok) throw invalidParams(`Invalid Request: Invalid ${thing} provided`);
  return text;
}

function subscribe(session: Session, subscription: NewSubscription): number {
  const id = session.hub.add(subscription);
  session.ids.add(id);
  return id;
}

const unsubscribe: MethodHandler<Session> = (params, session) => {
  const [id] = parseParams(params, [u64], 1);
  const key = Number(id);
  if (!session.ids.delete(key)) throw invalidParams('Invalid subscription id.');
  session.hub.remove(key);
  return true;
};

const methods = new Map<string, MethodHandler<Session>>([
  [
    'accountSubscribe',
    (params, session) => {
      const [text, config] = parseParams(
        params,
        [str, optional(struct('RpcAccountInfoConfig', { encoding: accountEncoding, dataSlice, commitment, minContextSlot: optional(slot) }))],
        1,
      );
      return subscribe(session, {
        kind: 'account',
        to: session.subscriber,
        address: param(text, 32, 'pubkey') as Address,
        commitment: config?.commitment ?? 'finalized',
        encoding: config?.encoding ?? 'binary',
        dataSlice: config?.dataSlice,
      });
    },
  ],
  [
    'signatureSubscribe',
    (params, session) => {
      const [text, config] = parseParams(
        params,
        [str, optional(struct('RpcSignatureSubscribeConfig', { commitment, enableReceivedNotification: optional(bool) }))],
        1,
      );
      return subscribe(session, {
        kind: 'signature',
        to: session.subscriber,
        signature: param(text, 64, 'signature'),
        commitment: config?.commitment ?? 'finalized',
        receivedNotification: config?.enableReceivedNotification ?? false,
        received: false,
      });
    },
  ],
  [
    'slotSubscribe',
    (params, session) => {
      parseParams(params, [], 0);
      return subscribe(session, { kind: 'slot', to: session.subscriber });
    },
  ],
  [
    'rootSubscribe',
    (params, session) => {
      parseParams(params, [], 0);
      return subscribe(session, { kind: 'root', to: session.subscriber });
    },
  ],
  ['accountUnsubscribe', unsubscribe],
  ['signatureUnsubscribe', unsubscribe],
  ['slotUnsubscribe', unsubscribe],
  ['rootUnsubscribe', unsubscribe],
  [
    'getVersion',
    (params) => {
      parseParams(params, [], 0);
      return { 'solana-core': SOLANA_CORE_VERSION, 'feature-set': FEATURE_SET };
    },
  ],
]);

function messageText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

export interface PubSubServer {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

export function createPubSub(ctx: RpcContext, onError: (error: unknown) => void): PubSubServer {
  const hub = new SubscriptionHub(ctx);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  wss.on('connection', (ws: WebSocket) => {
    const send = (text: string) => {
      if (ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        ws.terminate();
        return;
      }
      ws.send(text);
    };
    const session: Session = {
      hub,
      ids: new Set(),
      subscriber: {
        notify: (method, subscription, result) => send(stringifyJson({ jsonrpc: '2.0', method, params: { result, subscription } })),
      },
    };
    ws.on('message', (data) => {
      const text = messageText(data);
      handleJsonRpc(text, methods, session, onError)
        .then((reply) => {
          if (reply !== null) send(reply);
        })
        .catch(onError);
    });
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      for (const id of session.ids) hub.remove(id);
      session.ids.clear();
    });
  });

  return {
    handleUpgrade(request, socket, head) {
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
    },
    close: () =>
      new Promise<void>((resolve) => {
        hub.close();
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
