// Drives pipeline-child.ts from a test: start it with `node --import tsx`, follow its status reports over
// IPC, wait for conditions with a bound, kill it with SIGKILL (no clean stop), start it again on the same
// data dir, and ask it for its picture of the tables at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildOptions, ChildPicture, ChildStatus } from './pipeline-child.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = join(ROOT, 'test/e2e/pipeline-child.ts');

export class PipelineProcess {
  status: ChildStatus | null = null;
  /** The last lines the process wrote to stderr, shown when a wait fails. */
  stderr = '';
  kills = 0;
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> = Promise.resolve(null);

  constructor(
    readonly name: string,
    readonly options: ChildOptions,
  ) {}

  start(): void {
    if (this.child !== null) throw new Error(`${this.name} is already running`);
    this.status = null;
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, JSON.stringify(this.options)], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4_000);
    });
    child.on('message', (message: ChildStatus) => {
      if (message.type === 'status') this.status = message;
    });
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    void this.exited.then(() => {
      if (this.child === child) this.child = null;
    });
    this.child = child;
  }

  get running(): boolean {
    return this.child !== null;
  }

  async waitFor(condition: (status: ChildStatus) => boolean, what: string, timeoutMs = 60_000): Promise<ChildStatus> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = this.status;
      if (status !== null && condition(status)) return status;
      if (this.child === null) throw new Error(`${this.name} exited while waiting for ${what}\n${this.stderr}`);
      if (Date.now() > deadline) throw new Error(`${this.name}: timed out waiting for ${what}; last ${JSON.stringify(status)}\n${this.stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** SIGKILL: the process gets no chance to flush, stop or commit anything. */
  async kill(): Promise<ChildStatus | null> {
    const child = this.child;
    if (child === null) return null;
    const last = this.status;
    child.kill('SIGKILL');
    await this.exited;
    this.kills += 1;
    return last;
  }

  /** Stop cleanly and return the process's picture of its stores (the process exits after writing it). */
  async dump(file: string): Promise<ChildPicture> {
    const child = this.child;
    if (child === null) throw new Error(`${this.name} is not running`);
    const done = new Promise<void>((resolve) => child.on('message', (message: { type: string }) => message.type === 'dumped' && resolve()));
    child.send({ type: 'dump', file });
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${this.name}: dump timed out\n${this.stderr}`)), 60_000).unref());
    await Promise.race([done, timeout]);
    await Promise.race([this.exited, timeout]);
    return JSON.parse(readFileSync(file, 'utf8')) as ChildPicture;
  }
}
