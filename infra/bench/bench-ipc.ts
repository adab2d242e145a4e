// Process plumbing of the ingest bench: the orchestrator forks each part (chain, ingest, projections + API)
// as its own Node process running TypeScript through tsx, with an IPC channel. The parent sends named
// commands and awaits their answers; a child also sends reports on its own (progress, slots). Times that
// cross processes are wall-clock milliseconds with sub-millisecond precision (`wallMs`).
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Wall-clock time in ms, comparable between processes on one machine. */
export const wallMs = (): number => performance.timeOrigin + performance.now();

type ToChild = { type: 'command'; id: number; name: string; args: unknown };
type FromChild =
  | { type: 'answer'; id: number; ok: true; result: unknown }
  | { type: 'answer'; id: number; ok: false; error: string }
  | { type: 'report'; report: unknown };

/** The parent's handle on one child process. */
export class BenchChild<Report> {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners: ((report: Report) => void)[] = [];
  private readonly exited: Promise<number | null>;

  private constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    child.on('message', (message: FromChild) => this.onMessage(message));
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    void this.exited.then((code) => {
      for (const { reject } of this.waiting.values()) reject(new Error(`${name} exited (code ${code}) before answering`));
      this.waiting.clear();
    });
  }

  /** Fork `script` (a .ts file next to the caller, given as a URL) with one JSON argument. With `profileDir`,
   * the child writes V8 CPU profiles into `<profileDir>/<name>/` when it exits (one per thread: the main
   * thread's is the largest; the smaller one is tsx's loader thread). */
  static start<Report>(name: string, script: URL, arg: unknown, profileDir?: string): BenchChild<Report> {
    const profile = profileDir === undefined ? [] : ['--cpu-prof', '--cpu-prof-dir', join(profileDir, name)];
    const child = fork(fileURLToPath(script), [JSON.stringify(arg)], {
      execArgv: ['--import', 'tsx', ...profile],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new BenchChild<Report>(name, child);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  onReport(listener: (report: Report) => void): void {
    this.listeners.push(listener);
  }

  /** Run a command in the child; resolves with its result. */
  command<T>(name: string, args: unknown = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.child.send({ type: 'command', id, name, args } satisfies ToChild);
    });
  }

  /** Ask the child to stop (command `stop`), then wait for it to exit; kill it if it takes too long. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const timer = setTimeout(() => this.child.kill('SIGKILL'), timeoutMs);
    await this.command('stop').catch(() => undefined);
    await this.exited;
    clearTimeout(timer);
  }

  private onMessage(message: FromChild): void {
    if (message.type === 'report') {
      for (const listener of this.listeners) listener(message.report as Report);
      return;
    }
    const waiter = this.waiting.get(message.id);
    if (!waiter) return;
    this.waiting.delete(message.id);
    if (message.ok) waiter.resolve(message.result);
    else waiter.reject(new Error(`${this.name}: ${message.error}`));
  }
}

/** Child side: answer the parent's commands with these handlers. `stop` exits the process after it answers. */
export function serveCommands(handlers: Record<string, (args: never) => Promise<unknown>>): void {
  process.on('message', (message: ToChild) => {
    if (message.type !== 'command') return;
    const handler = handlers[message.name];
    const run = handler ? handler(message.args as never) : Promise.reject(new Error(`unknown command ${message.name}`));
    run.then(
      (result) => {
        process.send?.({ type: 'answer', id: message.id, ok: true, result: result ?? null } satisfies FromChild);
        if (message.name === 'stop') setImmediate(() => process.exit(0));
      },
      (error: unknown) => {
        const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
        process.send?.({ type: 'answer', id: message.id, ok: false, error: text } satisfies FromChild);
      },
    );
  });
  // The parent going away ends the child too.
  process.on('disconnect', () => process.exit(0));
}

/** Child side: send a report to the parent. */
export function sendReport(report: unknown): void {
  process.send?.({ type: 'report', report } satisfies FromChild);
}

/** The one JSON argument a child was started with. */
export function childArgument<T>(): T {
  return JSON.parse(process.argv[2] ?? '{}') as T;
}
