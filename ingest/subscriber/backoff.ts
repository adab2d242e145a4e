// Exponential reconnect backoff that a stop can cut short.
export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
}

export class Backoff {
  private delay: number;
  private cancel: (() => void) | null = null;

  constructor(private readonly options: BackoffOptions) {
    this.delay = options.initialMs;
  }

  /** The wait the next failure would take. */
  get nextDelayMs(): number {
    return this.delay;
  }

  reset(): void {
    this.delay = this.options.initialMs;
  }

  /** Wait the current delay (or until interrupt()), then double it up to the maximum. */
  wait(): Promise<void> {
    const ms = this.delay;
    this.delay = Math.min(this.delay * 2, this.options.maxMs);
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.cancel = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  interrupt(): void {
    this.cancel?.();
  }
}
