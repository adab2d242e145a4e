// Chooses the operational store: a Triplit server when a URL is configured, else the embedded Triplit
// database in <dataDir>/opstore/triplit.sqlite. A server is queried once first, so a wrong URL or token
// fails at startup with the server's own message.
import { join } from 'node:path';
import { EmbeddedTriplitBackend } from './embedded-backend.js';
import type { OpStore } from './op-store.js';
import { RemoteTriplitBackend } from './remote-backend.js';
import { TriplitOpStore } from './triplit-op-store.js';

export interface OpenOpStoreOptions {
  /** The service's data directory; the embedded store keeps its file under `<dataDir>/opstore`. */
  dataDir: string;
  /** A Triplit server (config.stores.triplitUrl); unset means the embedded store. */
  triplitUrl?: string;
  /** A service (secret) token of that server (config.stores.triplitToken). */
  triplitToken?: string;
}

export async function openOpStore(options: OpenOpStoreOptions): Promise<OpStore> {
  if (options.triplitUrl === undefined) {
    return new TriplitOpStore(await EmbeddedTriplitBackend.open(join(options.dataDir, 'opstore', 'triplit.sqlite')));
  }
  if (!options.triplitToken) throw new Error('a Triplit server needs its service token (TRIPLIT_TOKEN)');
  const backend = new RemoteTriplitBackend({ url: options.triplitUrl, token: options.triplitToken });
  await backend.fetch({ collectionName: 'probe', limit: 1 });
  return new TriplitOpStore(backend);
}
