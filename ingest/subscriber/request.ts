// The Subscribe request: every transaction (failed:false, vote:false) that names the launchpad, the pool
// venue, a service wallet, or the SPL Token / Token-2022 program, at CONFIRMED commitment, with the
// confirmed slot statuses (a slot's transactions all come before its status: the slot is complete)
// and block metas (block times).
//
// Trade-off: following both token programs means receiving every token transaction on the chain (the
// bulk of mainnet traffic) and keeping only those that touch a known coin, locally. It is the only
// filter that sees a plain wallet-to-wallet SPL `Transfer` of a coin: that instruction names neither
// the mint nor any program or wallet of ours, so no account filter (not even one listing every coin's
// mint, which would also hit the server's per-filter key limit as coins accumulate) can select it.
// The cost is bandwidth and decoding of unrelated token traffic on the subscriber.
import { CommitmentLevel, SubscribeRequest } from '@triton-one/yellowstone-grpc';
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../../schemas/programs/token-addresses.js';
import { serviceAddresses, type IngestConfig } from '../ingest-config.js';

export const TRANSACTION_FILTER = 'launchtape';

/** Addresses whose transactions the subscription receives. */
export function followedAddresses(config: IngestConfig): string[] {
  return [...serviceAddresses(config), TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID];
}

export function subscribeRequest(config: IngestConfig, fromSlot: number | null): SubscribeRequest {
  return SubscribeRequest.fromPartial({
    commitment: CommitmentLevel.CONFIRMED,
    transactions: {
      [TRANSACTION_FILTER]: { vote: false, failed: false, accountInclude: followedAddresses(config), accountExclude: [], accountRequired: [] },
    },
    slots: { confirmed: { filterByCommitment: true } },
    blocksMeta: { meta: {} },
    ...(fromSlot === null ? {} : { fromSlot: String(fromSlot) }),
  });
}

export function pingRequest(id: number): SubscribeRequest {
  return SubscribeRequest.fromPartial({ ping: { id } });
}
