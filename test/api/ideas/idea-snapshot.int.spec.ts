// The in-memory ideas: a write through the same store handle shows at once, a write by another handle (another
// process, such as the import command) after at most the snapshot's age.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { importIdeas, parseIdeasFile } from '../../../api/ideas/idea-import.js';
import { IdeaSnapshot } from '../../../api/ideas/idea-snapshot.js';
import { openOpStore } from '../../../infra/opstore/open-op-store.js';

const dir = mkdtempSync(join(tmpdir(), 'idea-snapshot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (id: string) =>
  parseIdeasFile(JSON.stringify([{ id, name: `Idea ${id}`, ticker: 'IDEA', pitch: 'p', trend: 't', story: 's', createdAt: '2025-01-01T00:00:00Z' }]));

it("sees its own handle's writes at once and other handles' after its age", async () => {
  const service = await openOpStore({ dataDir: dir });
  const importer = await openOpStore({ dataDir: dir });
  try {
    const snapshot = new IdeaSnapshot(service, 300);
    expect(await snapshot.ideas()).toEqual([]);
    await importIdeas(service, file('own'));
    expect((await snapshot.ideas()).map((i) => i.id)).toEqual(['own']);
    await importIdeas(importer, file('other'));
    expect((await snapshot.ideas()).map((i) => i.id)).toEqual(['own']);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await snapshot.ideas()).map((i) => i.id).sort()).toEqual(['other', 'own']);
  } finally {
    await importer.close();
    await service.close();
  }
});
