// The launchpad program: bonding curves for coins (create, buy, sell), the creator's locked fee split,
// permissionless fee claims and graduation into a locked pool on the pool venue. Layouts and events
// live in schemas/programs/launchpad; the handlers in ./launchpad/.
import type { Address } from '@solana/kit';
import { decodeLaunchpadInstruction } from '../../../schemas/programs/launchpad/instructions.js';
import { Errors, type NativeProgram } from '../runtime/program.js';
import { createCoin } from './launchpad/create-coin.js';
import { claimFees, lockFeeSplit } from './launchpad/fees.js';
import { graduate } from './launchpad/graduate.js';
import { setQuoteConfig } from './launchpad/quote-config.js';
import { buy, sell } from './launchpad/trade.js';

const NAMES = {
  createCoin: 'CreateCoin',
  buy: 'Buy',
  sell: 'Sell',
  lockFeeSplit: 'LockFeeSplit',
  claimFees: 'ClaimFees',
  graduate: 'Graduate',
  setQuoteConfig: 'SetQuoteConfig',
} as const;

export function launchpadProgram(ids: { launchpad: Address; poolVenue: Address }): NativeProgram {
  return {
    id: ids.launchpad,
    name: 'launchpad',
    bpf: true,
    execute(ctx) {
      ctx.consume(2_000);
      const ix = decodeLaunchpadInstruction(ctx.data);
      if (!ix) throw Errors.invalidInstructionData();
      ctx.log(`Instruction: ${NAMES[ix.kind]}`);
      switch (ix.kind) {
        case 'createCoin':
          return createCoin(ctx, ix.args);
        case 'buy':
          return buy(ctx, ix.args);
        case 'sell':
          return sell(ctx, ix.args);
        case 'lockFeeSplit':
          return lockFeeSplit(ctx, ix.args);
        case 'claimFees':
          return claimFees(ctx);
        case 'graduate':
          return graduate(ctx, ids);
        case 'setQuoteConfig':
          return setQuoteConfig(ctx, ix.args);
      }
    },
  };
}
