// Runs async tasks one at a time in call order: a chDB session must not run two statements at once.

export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private pending = 0;

  /** Queue `task`; it starts after every task queued before it has settled. */
  run<T>(task: () => Promise<T>): Promise<T> {
    this.pending += 1;
    const result = this.tail.then(task, task);
    this.tail = result.then(
      () => this.settle(),
      () => this.settle(),
    );
    return result;
  }

  /** Resolves once every task queued so far has settled. */
  async idle(): Promise<void> {
    while (this.pending > 0) await this.tail;
  }

  private settle(): void {
    this.pending -= 1;
  }
}
