// The docs pages' opening examples, run as a reader runs them: a page's first ```sh block with bash, its first ```ts
// block with tsx, with the addresses the page names (the API on 8080, the devnet's JSON-RPC on 8899) read as the
// test's own.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The test's address (host:port) for each address a page names. */
export type Addresses = Record<string, string>;

/** The first block of a language on a docs page. */
function firstBlock(page: string, language: 'sh' | 'ts'): string {
  const text = readFileSync(new URL(`../../docs/${page}`, import.meta.url), 'utf8');
  const block = new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``).exec(text);
  if (block === null) throw new Error(`${page} opens with no ${language} example`);
  return block[1]!;
}

function readAs(text: string, addresses: Addresses): string {
  return Object.entries(addresses).reduce((script, [named, actual]) => script.replaceAll(named, actual), text);
}

/** Run a page's first ```sh block; its standard output. */
export async function runShExample(page: string, addresses: Addresses): Promise<string> {
  const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', readAs(firstBlock(page, 'sh'), addresses)], { timeout: 60_000 });
  return stdout;
}

/** Run a page's first ```ts block as a module of its own, with `env` beside the test's environment; its standard
 * output. It is written inside the project so that its imports resolve to the project's packages, and removed
 * afterwards. */
export async function runTsExample(page: string, addresses: Addresses, options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<string> {
  const dir = mkdtempSync(join(fileURLToPath(new URL('.', import.meta.url)), '.example-'));
  try {
    const file = join(dir, page.replace(/\.md$/, '.ts'));
    writeFileSync(file, `${readAs(firstBlock(page, 'ts'), addresses)}\nexport {};\n`);
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const { stdout } = await run(tsx, [file], { timeout: options.timeoutMs ?? 60_000, env: { ...process.env, ...options.env } });
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
