// The pool-venue program: constant-product pools of three kinds (launch pools for coins launched here,
// graduated pools the launchpad creates by CPI, plain market pools), swaps, and fee claims by the
// locked split. Layouts and events live in schemas/programs/pool-venue; the handlers in ./pool-venue/.
import type { Address } from '@solana/kit';
import { decodePoolVenueInstruction } from '../../../schemas/programs/pool-venue/instructions.js';
import { Errors, type NativeProgram } from '../runtime/program.js';
import { claimPoolFees } from './pool-venue/claim.js';
import { createLockedPool } from './pool-venue/create-locked-pool.js';
import { createMarketPool } from './pool-venue/create-market-pool.js';
import { createPool } from './pool-venue/create-pool.js';
import { swap } from './pool-venue/swap.js';

const NAMES = {
  createPool: 'CreatePool',
  createLockedPool: 'CreateLockedPool',
  createMarketPool: 'CreateMarketPool',
  swap: 'Swap',
  claimFees: 'ClaimFees',
} as const;

export function poolVenueProgram(ids: { poolVenue: Address; launchpad: Address }): NativeProgram {
  return {
    id: ids.poolVenue,
    name: 'pool-venue',
    bpf: true,
    execute(ctx) {
      ctx.consume(2_000);
      const ix = decodePoolVenueInstruction(ctx.data);
      if (!ix) throw Errors.invalidInstructionData();
      ctx.log(`Instruction: ${NAMES[ix.kind]}`);
      switch (ix.kind) {
        case 'createPool':
          return createPool(ctx, ix.args);
        case 'createLockedPool':
          return createLockedPool(ctx, ids, ix.args);
        case 'createMarketPool':
          return createMarketPool(ctx, ix.args);
        case 'swap':
          return swap(ctx, ix.args);
        case 'claimFees':
          return claimPoolFees(ctx);
      }
    },
  };
}
