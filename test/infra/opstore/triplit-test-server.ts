// A Triplit server (the service's own, infra/opstore/triplit-server.ts) in this process on a free loopback port, in
// memory, with a random secret: what the remote operational store is tested against.
import { randomBytes } from 'node:crypto';
import { startTriplitServer, type TriplitServer } from '../../../infra/opstore/triplit-server.js';

export type TriplitTestServer = TriplitServer;

export function startTriplitTestServer(): Promise<TriplitTestServer> {
  return startTriplitServer({ file: ':memory:', port: 0, jwtSecret: randomBytes(32).toString('hex') });
}
