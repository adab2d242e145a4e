// The operational store contract against both implementations: the embedded Triplit database (SQLite file
// in a temp dir) and a Triplit server reached over HTTP (the official server, in this process).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCollection, OpStoreError } from '../../../infra/opstore/op-store.js';
import { openOpStore } from '../../../infra/opstore/open-op-store.js';
import { describeOpStoreContract } from './op-store.contract.js';
import { startTriplitTestServer, type TriplitTestServer } from './triplit-test-server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'opstore-contract-'));
let server: TriplitTestServer;

beforeAll(async () => {
  server = await startTriplitTestServer();
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describeOpStoreContract('embedded (SQLite)', { open: () => openOpStore({ dataDir }) });
describeOpStoreContract('remote (Triplit server)', {
  open: () => openOpStore({ dataDir, triplitUrl: server.url, triplitToken: server.token }),
});

describe('operational store, opening and closing', () => {
  const notes = defineCollection('notes', z.object({ id: z.string(), text: z.string() }));

  it('keeps the embedded store across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'opstore-restart-'));
    try {
      const first = await openOpStore({ dataDir: dir });
      await first.insert(notes, { id: 'n1', text: 'kept' });
      await first.close();
      const second = await openOpStore({ dataDir: dir });
      expect(await second.get(notes, 'n1')).toEqual({ id: 'n1', text: 'kept' });
      await second.close();
      await expect(second.get(notes, 'n1')).rejects.toBeInstanceOf(OpStoreError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails to open against a server with a wrong token or no token', async () => {
    await expect(openOpStore({ dataDir, triplitUrl: server.url, triplitToken: 'not.a.token' })).rejects.toThrow();
    await expect(openOpStore({ dataDir, triplitUrl: server.url })).rejects.toThrow(/TRIPLIT_TOKEN/);
  });
});
