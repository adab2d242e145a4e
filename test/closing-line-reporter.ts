// Ends a test run with one plain line, `tests: N passed, N failed, N skipped`, after vitest's own summary: a line
// that tools reading only a run's closing words (CI among them) understand without vitest's colours and layout.
import type { Reporter, TestModule } from 'vitest/node';

export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed' || state === 'failed') counts[state] += 1;
        else counts.skipped += 1;
      }
    }
    // Vitest prints its own summary after the reporters' run-end hooks; the line waits for the process's end.
    process.once('exit', () => {
      process.stdout.write(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
    });
  }
}
