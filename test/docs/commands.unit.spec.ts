// The commands the docs give that no test can run whole (benchmarks that take minutes, the scale-out deployment, the
// key and devnet tools): every `npm run` in a ```sh block of README.md or docs/ names a script of package.json, and
// every option and subcommand it passes is one that script's code reads, so a renamed script or option cannot leave
// the docs behind. (The pages' examples run against a started service: test/e2e/docs-*.e2e.spec.ts.)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const pages = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

interface Command {
  page: string;
  line: string;
  script: string;
  /** What follows `--`, without the line's comment. */
  args: string[];
}

function documentedCommands(): Command[] {
  const commands: Command[] = [];
  for (const page of pages) {
    const text = readFileSync(join(ROOT, page), 'utf8');
    for (const block of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
      // A line ending in `\` goes on in the next.
      for (const line of block[1]!.replaceAll('\\\n', ' ').split('\n')) {
        const match = /^npm run (?:-s )?(\S+)(.*)$/.exec(line.trim());
        if (match === null) continue;
        const rest = match[2]!.replace(/\s#.*$/, '');
        const args =
          rest.includes(' -- ') || rest.startsWith(' --')
            ? rest
                .slice(rest.indexOf('--') + 2)
                .trim()
                .split(/\s+/)
            : [];
        commands.push({ page, line: line.trim(), script: match[1]!, args });
      }
    }
  }
  return commands;
}

/** The source the script runs: its entry file's folder, every .ts file in it. */
function sourceOf(script: string): string {
  const entry = /(?:tsx(?: --\S+)*) (\S+\.ts)/.exec(scripts[script]!)?.[1];
  if (entry === undefined) throw new Error(`${script}: no entry file in "${scripts[script]}"`);
  const folder = join(ROOT, dirname(entry));
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => readFileSync(join(folder, name), 'utf8'))
    .join('\n');
}

describe('the commands in the docs', () => {
  const commands = documentedCommands();

  it('are there to check (the benchmarks, the scale-out deployment, the key and devnet tools)', () => {
    const named = new Set(commands.map((command) => command.script));
    for (const script of ['bench:api', 'bench:ingest', 'bench:soak', 'start:scale-out', 'keys', 'devnet']) expect(named).toContain(script);
  });

  it.each(commands.map((command) => [`${command.page}: ${command.line}`, command] as const))('%s', (_, command) => {
    expect(scripts, `package.json has no script ${command.script}`).toHaveProperty([command.script]);
    const source = sourceOf(command.script);
    for (const arg of command.args) {
      const option = /^\[?--([a-z][a-z0-9-]*)/.exec(arg)?.[1];
      if (option !== undefined) {
        expect(source, `${command.script} reads no option --${option}`).toMatch(new RegExp(`['"\`]${option}['"\`]|\\b${option}:|--${option}\\b`));
      }
    }
    const subcommand = command.script === 'keys' ? command.args[0] : undefined;
    if (subcommand !== undefined) expect(source, `keys has no subcommand ${subcommand}`).toContain(`'${subcommand}'`);
  });
});
