// The SPL Memo program (v2): every account passed must sign; the memo must be valid UTF-8.
import { Errors, type NativeProgram } from '../runtime/program.js';
import { MEMO_PROGRAM } from '../runtime/well-known.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

export const memoProgram: NativeProgram = {
  id: MEMO_PROGRAM,
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
};
