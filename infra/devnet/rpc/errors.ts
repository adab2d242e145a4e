// JSON-RPC errors with the codes and messages a Solana validator answers with (jsonrpc-core's
// standard errors and agave's RpcCustomError), so clients such as @solana/kit map them to the same
// typed errors they raise against mainnet.
import type { TransactionErrorValue } from '../runtime/types.js';

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }

  toJson(): { code: number; message: string; data?: unknown } {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data };
  }
}

export const parseError = () => new RpcError(-32700, 'Parse error');
export const invalidRequest = (message = 'Invalid request') => new RpcError(-32600, message);
export const methodNotFound = () => new RpcError(-32601, 'Method not found');
export const invalidParams = (message: string, data?: unknown) => new RpcError(-32602, message, data);
export const internalError = (message = 'Internal error', data?: unknown) => new RpcError(-32603, message, data);

/** The simulation result carried by a refused preflight (RpcSimulateTransactionResult). */
export interface SimulationFailure {
  err: TransactionErrorValue;
  logs: string[];
  unitsConsumed: bigint;
  loadedAccountsDataSize: number;
}

export const preflightFailure = (message: string, result: SimulationFailure) =>
  new RpcError(-32002, message, {
    err: result.err,
    logs: result.logs,
    accounts: null,
    unitsConsumed: result.unitsConsumed,
    loadedAccountsDataSize: result.loadedAccountsDataSize,
    returnData: null,
    innerInstructions: null,
    replacementBlockhash: null,
  });

export const signatureVerificationFailure = () => new RpcError(-32003, 'Transaction signature verification failure');

export const blockNotAvailable = (slot: number) => new RpcError(-32004, `Block not available for slot ${slot}`);

export const blockCleanedUp = (slot: number, firstAvailable: number) =>
  new RpcError(-32001, `Block ${slot} cleaned up, does not exist on node. First available block: ${firstAvailable}`);

export const unsupportedTransactionVersion = (version: number) =>
  new RpcError(
    -32015,
    `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
  );

export const minContextSlotNotReached = (contextSlot: number) => new RpcError(-32016, 'Minimum context slot has not been reached', { contextSlot });

export const commitmentBelowConfirmed = () => invalidParams('Method does not support commitment below `confirmed`');
