// The SPL Memo program (v2, and the same logic at the address current memo clients default to):
// every account passed must sign; the memo must be valid UTF-8.
import type { Address } from '@solana/kit';
import { Errors, type NativeProgram } from '../runtime/program.js';
import { MEMO_PROGRAM, MEMO_P_PROGRAM } from '../runtime/well-known.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

const memoAt = (id: Address): NativeProgram => ({
  id,
  name: 'memo',
  bpf: true,
  execute(ctx) {
    ctx.consume(500 + ctx.data.length * 10);
    for (const account of ctx.accounts) {
      if (!account.isSigner) throw Errors.missingRequiredSignature();
      ctx.log(`Signed by ${account.address}`);
    }
    let text: string;
    try {
      text = utf8.decode(ctx.data);
    } catch {
      ctx.log('Invalid UTF-8, from byte 0');
      throw Errors.invalidInstructionData();
    }
    ctx.log(`Memo (len ${ctx.data.length}): ${JSON.stringify(text)}`);
  },
});

export const memoPrograms: NativeProgram[] = [memoAt(MEMO_PROGRAM), memoAt(MEMO_P_PROGRAM)];
