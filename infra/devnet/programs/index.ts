// The programs a devnet bank runs, and which of them are builtins (owned by the native loader).
import type { Address } from '@solana/kit';
import type { NativeProgram } from '../runtime/program.js';
import { associatedTokenProgram } from './associated-token.js';
import { computeBudgetProgram } from './compute-budget.js';
import { guardProgram } from './guard.js';
import { launchpadProgram } from './launchpad.js';
import { memoPrograms } from './memo.js';
import { poolVenueProgram } from './pool-venue.js';
import { systemProgram } from './system.js';
import { token2022Program, tokenProgram } from './token.js';

export interface ProgramIds {
  launchpad: Address;
  poolVenue: Address;
  guard: Address;
}

export function devnetPrograms(ids: ProgramIds): { programs: NativeProgram[]; builtinProgramIds: Address[] } {
  const builtins: NativeProgram[] = [systemProgram, computeBudgetProgram];
  const onChain: NativeProgram[] = [
    ...memoPrograms,
    guardProgram(ids.guard),
    tokenProgram,
    token2022Program,
    associatedTokenProgram,
    launchpadProgram({ launchpad: ids.launchpad, poolVenue: ids.poolVenue }),
    poolVenueProgram({ poolVenue: ids.poolVenue, launchpad: ids.launchpad }),
  ];
  return { programs: [...builtins, ...onChain], builtinProgramIds: builtins.map((p) => p.id) };
}
