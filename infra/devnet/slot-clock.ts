// Drives slot production: realtime (one slot every 400 ms), max (as fast as the machine allows,
// yielding to I/O between slots), or manual (only when a test steps it).
export type Speed = 'realtime' | 'max' | 'manual';

export interface SlotClockOptions {
  speed: Speed;
  slotMs?: number;
  /** Fill and seal one slot. */
  tick: () => void;
}

export class SlotClock {
  private timer: NodeJS.Timeout | NodeJS.Immediate | undefined;
  private running = false;

  constructor(private readonly options: SlotClockOptions) {}

  start(): void {
    if (this.running || this.options.speed === 'manual') return;
    this.running = true;
    if (this.options.speed === 'realtime') {
      const slotMs = this.options.slotMs ?? 400;
      // Schedule against the start time so slots do not drift when a tick runs long.
      const startedAt = Date.now();
      let produced = 0;
      const next = () => {
        if (!this.running) return;
        this.options.tick();
        produced++;
        this.timer = setTimeout(next, Math.max(0, startedAt + (produced + 1) * slotMs - Date.now()));
      };
      this.timer = setTimeout(next, slotMs);
    } else {
      const loop = () => {
        if (!this.running) return;
        this.options.tick();
        this.timer = setImmediate(loop);
      };
      this.timer = setImmediate(loop);
    }
  }

  stop(): void {
    this.running = false;
    if (this.timer) {
      clearTimeout(this.timer as NodeJS.Timeout);
      clearImmediate(this.timer as NodeJS.Immediate);
    }
    this.timer = undefined;
  }

  get isRunning(): boolean {
    return this.running;
  }
}
