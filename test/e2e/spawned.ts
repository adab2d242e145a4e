// A service command run as a child process by an end-to-end test (`node --import tsx <script>` from the project
// root): its output kept line by line, waits for a line with a bound, and stops with a signal.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A line that matched, and when it arrived (epoch ms). */
export interface Seen {
  match: RegExpExecArray;
  at: number;
}

export class Spawned {
  readonly lines: string[] = [];
  /** When each line arrived (epoch ms). */
  private readonly times: number[] = [];
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;

  constructor(
    readonly name: string,
    script: string,
    args: readonly string[],
    env: NodeJS.ProcessEnv,
  ) {
    this.child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [this.child.stdout!, this.child.stderr!])
      createInterface({ input: stream }).on('line', (line) => {
        this.lines.push(line);
        this.times.push(Date.now());
      });
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Lines matching `pattern`, in order. */
  matching(pattern: RegExp): Seen[] {
    const seen: Seen[] = [];
    this.lines.forEach((line, index) => {
      const match = pattern.exec(line);
      if (match !== null) seen.push({ match, at: this.times[index]! });
    });
    return seen;
  }

  /** The `count`-th line matching `pattern` (1 = the first), once it appears. */
  async waitForLine(pattern: RegExp, what: string, timeoutMs: number, count = 1): Promise<Seen> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.matching(pattern);
      if (found.length >= count) return found[count - 1]!;
      if (!this.running) throw new Error(`${this.name} exited while waiting for ${what}:\n${this.tail()}`);
      if (Date.now() > deadline) throw new Error(`${this.name}: timed out waiting for ${what}:\n${this.tail()}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  tail(lines = 40): string {
    return this.lines.slice(-lines).join('\n');
  }

  async stop(signal: NodeJS.Signals = 'SIGINT'): Promise<number | null> {
    if (this.running) this.child.kill(signal);
    return this.exited;
  }
}
