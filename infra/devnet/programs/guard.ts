// The wallet guard program: wallets may append its assertions to any transaction; it only succeeds.
import type { Address } from '@solana/kit';
import type { NativeProgram } from '../runtime/program.js';

export function guardProgram(id: Address): NativeProgram {
  return {
    id,
    name: 'guard',
    bpf: true,
    execute(ctx) {
      ctx.consume(300);
    },
  };
}
