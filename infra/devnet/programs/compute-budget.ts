// The Compute Budget program: its instructions are read before execution (executor.ts); running them is a no-op.
import type { NativeProgram } from '../runtime/program.js';
import { COMPUTE_BUDGET_PROGRAM } from '../runtime/well-known.js';

export const computeBudgetProgram: NativeProgram = {
  id: COMPUTE_BUDGET_PROGRAM,
  name: 'compute-budget',
  bpf: false,
  execute(ctx) {
    ctx.consume(150);
  },
};
