// Devnet action: the launchpad's admin (the faucet wallet, as genesis installs it) lists a pair token, or disables
// it, with a SetQuoteConfig transaction, as an operator would on a real chain. Tests use it to give the service a
// listing with a block time: the quote configs genesis writes have none.
import type { Address, Instruction } from '@solana/kit';
import { STABLECOIN_CURVE, type CurveShape } from '../../schemas/programs/launchpad/constants.js';
import { setQuoteConfigInstruction } from '../../schemas/programs/launchpad/builders.js';
import { WELL_KNOWN_KEYS } from './genesis/well-known-keys.js';

/** The launchpad's admin key on the devnet. */
export const LAUNCHPAD_ADMIN = WELL_KNOWN_KEYS.faucet;

/** SetQuoteConfig for `quoteMint`, signed by the admin; the stablecoin's curve shape unless another is given. */
export function quoteListingInstruction(quoteMint: Address, enabled: boolean, shape: CurveShape = STABLECOIN_CURVE): Instruction {
  return setQuoteConfigInstruction({
    programId: WELL_KNOWN_KEYS.launchpadProgram.address,
    admin: LAUNCHPAD_ADMIN.address,
    quoteMint,
    args: { ...shape, enabled },
  });
}
