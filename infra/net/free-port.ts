// A TCP port free on the loopback interface now, for a server a test or a bench starts as a process of its own (a
// server in the same process listens on port 0 instead).
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', done);
  });
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (address === null || typeof address === 'string') throw new Error('could not find a free port');
  return address.port;
}
