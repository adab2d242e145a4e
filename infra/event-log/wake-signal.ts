// A wake-up for waiting polls: a waiter sleeps until the next notify (new records) or its time runs out.
export class WakeSignal {
  private readonly waiters = new Set<() => void>();

  /** Resolve at the next notify or after `ms`, whichever comes first. */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      this.waiters.add(done);
    });
  }

  notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }
}
