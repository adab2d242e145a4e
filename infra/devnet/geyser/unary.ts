// The unary methods of geyser.Geyser, answered from the bank: Ping, GetLatestBlockhash,
// GetBlockHeight, GetSlot (each honouring commitment), IsBlockhashValid, GetVersion and
// SubscribeReplayInfo (the first slot a fromSlot replay can start from).
import { hostname } from 'node:os';
import { status as GrpcStatus, type sendUnaryData, type ServerUnaryCall, type UntypedServiceImplementation } from '@grpc/grpc-js';
import { CommitmentLevel } from '@triton-one/yellowstone-grpc';
import { MAX_PROCESSING_AGE, type Bank, type Commitment } from '../ledger/bank.js';
import { firstAvailableSlot } from './replay.js';

export const GEYSER_VERSION = '0.1.0';

function commitmentOf(value: number | undefined): Commitment {
  if (value === undefined || value === CommitmentLevel.PROCESSED) return 'processed';
  if (value === CommitmentLevel.CONFIRMED) return 'confirmed';
  if (value === CommitmentLevel.FINALIZED) return 'finalized';
  // Yellowstone answers an unknown commitment with UNKNOWN and this text.
  throw Object.assign(new Error(`failed to create CommitmentLevel from ${value}`), { code: GrpcStatus.UNKNOWN });
}

/** A unary handler from a function of the request; thrown `{ code }` errors become that status. */
function handler<Req, Res>(answer: (request: Req) => Res) {
  return (call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>) => {
    try {
      callback(null, answer(call.request));
    } catch (error) {
      const { code = GrpcStatus.INTERNAL, message } = error as { code?: GrpcStatus; message: string };
      callback({ code, details: message });
    }
  };
}

/** GetVersion's JSON, shaped like Yellowstone's GrpcVersionInfo. */
export function versionJson(startedAt: Date): string {
  return JSON.stringify({
    version: {
      package: 'launchtape-devnet-geyser',
      version: GEYSER_VERSION,
      proto: 'yellowstone-grpc-proto',
      solana: 'launchtape-devnet',
      git: 'local',
      rustc: `node ${process.version}`,
      buildts: startedAt.toISOString(),
    },
    extra: { hostname: hostname() },
  });
}

export function unaryMethods(bank: Bank, startedAt: Date): UntypedServiceImplementation {
  return {
    Ping: handler((request: { count: number }) => ({ count: request.count })),
    GetLatestBlockhash: handler((request: { commitment?: number }) => {
      const block = bank.blockAt(commitmentOf(request.commitment));
      return {
        slot: String(block.slot),
        blockhash: block.blockhash,
        lastValidBlockHeight: String(block.blockHeight + MAX_PROCESSING_AGE),
      };
    }),
    GetBlockHeight: handler((request: { commitment?: number }) => ({
      blockHeight: String(bank.blockAt(commitmentOf(request.commitment)).blockHeight),
    })),
    GetSlot: handler((request: { commitment?: number }) => ({ slot: String(bank.slotAt(commitmentOf(request.commitment))) })),
    IsBlockhashValid: handler((request: { blockhash: string; commitment?: number }) => {
      const commitment = commitmentOf(request.commitment);
      return { slot: String(bank.slotAt(commitment)), valid: bank.isBlockhashValid(request.blockhash, commitment) };
    }),
    GetVersion: handler(() => ({ version: versionJson(startedAt) })),
    SubscribeReplayInfo: handler(() => ({ firstAvailable: String(firstAvailableSlot(bank)) })),
  };
}
