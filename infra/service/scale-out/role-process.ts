// One role of the scale-out deployment as a child process (`node --import tsx <script> ...` from the project root):
// its output line by line with the role's name in front, ready when a given line appears, started again when it
// ends without being asked (1 s later, doubling to 30 s while it keeps ending within a minute), and stopped with
// SIGTERM (SIGKILL after 30 s). An IPC channel ties it to the supervisor: the role ends itself when the channel
// closes, so no role outlives a supervisor that was killed.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { RoleSpec } from './scale-out-plan.js';

export interface RoleProcessOptions {
  /** The project root, where the role's script runs. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Width the role's name is padded to in front of its lines. */
  nameWidth: number;
  /** Where prefixed lines and the supervisor's own notes go. */
  out: (line: string) => void;
  err: (line: string) => void;
}

const STOP_GRACE_MS = 30_000;

/** A line of the supervisor's own, in the column layout of the roles' lines. */
export function supervisorLine(nameWidth: number, text: string): string {
  return `${'scale-out'.padEnd(nameWidth)} | ${text}`;
}

const STABLE_AFTER_MS = 60_000;

export class RoleProcess {
  private child: ChildProcess | null = null;
  private stopping = false;
  private restartDelayMs = 500; // doubled before use: the first restart waits 1 s
  private restartTimer: NodeJS.Timeout | null = null;
  private exited: Promise<void> = Promise.resolve();
  private readyWaiters: { resolve(): void; reject(error: Error): void }[] = [];
  private isReady = false;
  private starts = 0;

  constructor(
    readonly spec: RoleSpec,
    private readonly options: RoleProcessOptions,
  ) {}

  /** Start it; resolves once its ready line appears, rejects if it ends before (the first start only). */
  start(): Promise<void> {
    const ready = new Promise<void>((resolve, reject) => this.readyWaiters.push({ resolve, reject }));
    this.spawnChild();
    return ready;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer !== null) clearTimeout(this.restartTimer);
    const child = this.child;
    if (child === null) return;
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await this.exited;
    clearTimeout(force);
  }

  private note(text: string): void {
    this.options.err(supervisorLine(this.options.nameWidth, `${this.spec.name} ${text}`));
  }

  private spawnChild(): void {
    const startedAt = Date.now();
    const child = spawn(process.execPath, ['--import', 'tsx', ...this.spec.args], {
      cwd: this.options.cwd,
      env: this.options.env,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    this.child = child;
    this.starts += 1;
    this.isReady = false;
    this.note(`started (pid ${child.pid})`);
    const prefix = `${this.spec.name.padEnd(this.options.nameWidth)} | `;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      this.options.out(prefix + line);
      if (!this.isReady && this.spec.ready.test(line)) {
        this.isReady = true;
        this.note(`ready (pid ${child.pid})`);
        for (const waiter of this.readyWaiters.splice(0)) waiter.resolve();
      }
    });
    createInterface({ input: child.stderr! }).on('line', (line) => this.options.err(prefix + line));
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        this.child = null;
        resolve();
        if (this.stopping) return;
        const how = signal === null ? `with code ${code}` : `on ${signal}`;
        if (this.readyWaiters.length > 0 && this.starts === 1) {
          for (const waiter of this.readyWaiters.splice(0)) waiter.reject(new Error(`${this.spec.name} ended ${how} before it was ready`));
          return;
        }
        this.restartDelayMs = Date.now() - startedAt > STABLE_AFTER_MS ? 1_000 : Math.min(this.restartDelayMs * 2, 30_000);
        this.note(`ended ${how}; starting it again in ${this.restartDelayMs / 1000} s`);
        this.restartTimer = setTimeout(() => {
          this.restartTimer = null;
          if (!this.stopping) this.spawnChild();
        }, this.restartDelayMs);
      }),
    );
  }
}
