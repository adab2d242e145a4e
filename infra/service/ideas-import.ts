// `npm run ideas:import -- <file.json>`: adds the ideas of a JSON file to the operational store the
// configuration names (embedded under DATA_DIR, or TRIPLIT_URL). Validates the whole file first and writes
// nothing when any idea is invalid; importing the same file again changes nothing. Format: api/ideas/README.md.
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../../schemas/config.js';
import { IdeasFileError, importIdeas, parseIdeasFile } from '../../api/ideas/idea-import.js';
import { openServiceOpStore } from './stores.js';

async function main(): Promise<number> {
  const path = process.argv[2];
  if (path === undefined || process.argv.length > 3) {
    console.error('usage: npm run ideas:import -- <ideas.json>');
    return 2;
  }
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    console.error(`cannot read ${path}: ${(error as Error).message}`);
    return 1;
  }
  let file;
  try {
    file = parseIdeasFile(text);
  } catch (error) {
    if (error instanceof IdeasFileError) {
      console.error(`${path}: ${error.message}`);
      return 1;
    }
    throw error;
  }
  const store = await openServiceOpStore(loadConfig());
  try {
    const summary = await importIdeas(store, file);
    console.log(`ideas: ${summary.added} added, ${summary.updated} updated, ${summary.unchanged} unchanged`);
    return 0;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
