// Every HTTP JSON-RPC method the devnet serves, by name.
import type { RpcContext } from '../context.js';
import type { MethodHandler, MethodTable } from '../dispatch.js';
import { accountMethods } from './accounts.js';
import { clusterMethods } from './cluster.js';
import { faucetMethods } from './faucet.js';
import { feeMethods } from './fees.js';
import { historyMethods } from './history.js';
import { priorityFeeMethods } from './priority-fees.js';
import { sendMethods } from './send.js';
import { tokenMethods } from './tokens.js';

export const rpcMethods: MethodTable<RpcContext> = new Map<string, MethodHandler<RpcContext>>([
  ...clusterMethods,
  ...feeMethods,
  ...priorityFeeMethods,
  ...accountMethods,
  ...tokenMethods,
  ...sendMethods,
  ...historyMethods,
  ...faucetMethods,
]);
