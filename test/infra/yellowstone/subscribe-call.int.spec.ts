// The subscriber's Subscribe call as a Yellowstone server sees it: the x-token header, the request encoded by the
// official package's codec, and updates decoded back; an endpoint that is no http(s) URL is refused up front.
import { Metadata, Server, ServerCredentials, type ServerDuplexStream } from '@grpc/grpc-js';
import { SubscribeRequest, SubscribeUpdate } from '@triton-one/yellowstone-grpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geyserService } from '../../../infra/devnet/geyser/service.js';
import { shutdown } from '../../../infra/devnet/geyser/server.js';
import { openSubscribeCall } from '../../../infra/yellowstone/subscribe-call.js';

let server: Server;
let url: string;
const seen: { token: string | undefined; request: SubscribeRequest }[] = [];

beforeAll(async () => {
  server = new Server();
  server.addService(geyserService, {
    Subscribe: (call: ServerDuplexStream<SubscribeRequest, Buffer>) => {
      call.sendMetadata(new Metadata());
      call.on('data', (request: SubscribeRequest) => {
        seen.push({ token: call.metadata.get('x-token')[0]?.toString(), request });
        call.write(Buffer.from(SubscribeUpdate.encode(SubscribeUpdate.fromPartial({ filters: ['mine'], pong: { id: 7 } })).finish()));
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  url = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await shutdown(server);
});

describe('the Subscribe call', () => {
  it('sends the x-token header and the request, and reads the updates the server writes', async () => {
    const call = openSubscribeCall(url, 'secret-token');
    const update = new Promise<SubscribeUpdate>((resolve) => call.duplex.once('data', resolve));
    call.duplex.write(SubscribeRequest.fromPartial({ ping: { id: 7 } }));
    expect((await update).pong?.id).toBe(7);
    expect(seen.at(-1)).toMatchObject({ token: 'secret-token', request: { ping: { id: 7 } } });
    call.close();
  });

  it('sends no x-token header without a token', async () => {
    const call = openSubscribeCall(url);
    const update = new Promise<SubscribeUpdate>((resolve) => call.duplex.once('data', resolve));
    call.duplex.write(SubscribeRequest.fromPartial({ ping: { id: 8 } }));
    await update;
    expect(seen.at(-1)?.token).toBeUndefined();
    call.close();
  });

  it('fails with UNAVAILABLE when nothing listens', async () => {
    const call = openSubscribeCall('http://127.0.0.1:1');
    const error = await new Promise<Error>((resolve) => call.duplex.once('error', resolve));
    expect(error.message).toMatch(/UNAVAILABLE/);
    call.close();
  });

  it('refuses an endpoint that is not an http or https URL', () => {
    expect(() => openSubscribeCall('grpc://127.0.0.1:10000')).toThrow(/must be http:\/\/ or https:\/\//);
    expect(() => openSubscribeCall('not a url')).toThrow();
  });
});
