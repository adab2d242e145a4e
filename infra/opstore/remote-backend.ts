// The remote operational store: a Triplit server reached with @triplit/client's HTTP client. Queries go
// through the client's `fetch`; a commit goes to the server's `apply-changes` route, which applies all of
// its sets and deletes as one write (the client has no call for it). The token must be a service (secret) token.
import { HttpClient } from '@triplit/client';
import type { ChangeSet, StoredRecord, TriplitBackend, TriplitQuery } from './triplit-backend.js';
import { changeSetToSuperJson } from './triplit-backend.js';

export interface RemoteTriplitOptions {
  url: string;
  token: string;
  /** Per-request limit; a server that does not answer in time fails the call. */
  timeoutMs?: number;
}

export class RemoteTriplitBackend implements TriplitBackend {
  private readonly client: HttpClient;
  private readonly url: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: RemoteTriplitOptions) {
    this.url = options.url.replace(/\/+$/, '');
    this.client = new HttpClient({ serverUrl: this.url, token: options.token });
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  async fetch(query: TriplitQuery): Promise<StoredRecord[]> {
    const result = await withTimeout(this.client.fetch(query as Parameters<HttpClient['fetch']>[0]), this.timeoutMs);
    return result as StoredRecord[];
  }

  async apply(changes: ChangeSet): Promise<void> {
    const response = await fetch(`${this.url}/apply-changes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.options.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ changes: changeSetToSuperJson(changes) }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) throw new Error(`Triplit server refused the write (${response.status}): ${await response.text()}`);
  }

  async close(): Promise<void> {}
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Triplit server did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
