// The docs pages' examples, run as a reader runs them: a page's ```sh blocks with bash, its ```ts blocks with tsx (or,
// for a block that exports functions, imported as a module), with the addresses the page names (the API on 8080, the
// devnet's JSON-RPC on 8899) read as the test's own.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The test's address (host:port) for each address a page names. */
export type Addresses = Record<string, string>;

/** The `index`-th block (0: the first) of a language on a docs page. */
export function docsBlock(page: string, language: 'sh' | 'ts' | 'json', index: number): string {
  const text = readFileSync(new URL(`../../docs/${page}`, import.meta.url), 'utf8');
  const blocks = [...text.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))];
  const block = blocks[index];
  if (block === undefined) throw new Error(`${page} has no ${language} example number ${index + 1}`);
  return block[1]!;
}

function readAs(text: string, addresses: Addresses): string {
  return Object.entries(addresses).reduce((script, [named, actual]) => script.replaceAll(named, actual), text);
}

/** Run a page's ```sh block (the first unless `block` says); its standard output. */
export async function runShExample(page: string, addresses: Addresses, block = 0): Promise<string> {
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', readAs(docsBlock(page, 'sh', block), addresses)], { timeout: 60_000 });
  return stdout;
}

/** With a page's ```ts block written as a module of its own inside the project (so that its imports resolve to the
 * project's packages), removed afterwards. */
async function withTsBlock<T>(page: string, block: number, addresses: Addresses, use: (file: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(fileURLToPath(new URL('.', import.meta.url)), '.example-'));
  try {
    const file = join(dir, page.replace(/\.md$/, `-${block + 1}.ts`));
    writeFileSync(file, `${readAs(docsBlock(page, 'ts', block), addresses)}\nexport {};\n`);
    return await use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Run a page's ```ts block (the first unless `block` says) with tsx, with `env` beside the test's environment; its
 * standard output. */
export function runTsExample(
  page: string,
  addresses: Addresses,
  options: { block?: number; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<string> {
  const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
  return withTsBlock(page, options.block ?? 0, addresses, async (file) => {
    const { stdout } = await run(tsx, [file], { timeout: options.timeoutMs ?? 60_000, env: { ...process.env, ...options.env } });
    return stdout;
  });
}

/** A page's ```ts block that exports functions, imported into the test. */
export function importTsExample<T>(page: string, block: number, addresses: Addresses): Promise<T> {
  return withTsBlock(page, block, addresses, (file) => import(pathToFileURL(file).href) as Promise<T>);
}
