// Node and chain position: getVersion, getHealth, getGenesisHash, getSlot, getBlockHeight,
// getEpochInfo, getTransactionCount, getFirstAvailableBlock, getBlockTime.
import { contextConfig } from '../config.js';
import { blockAtSlot, contextSlot, FEATURE_SET, SLOTS_PER_EPOCH, SOLANA_CORE_VERSION, type RpcContext } from '../context.js';
import { blockCleanedUp, blockNotAvailable } from '../errors.js';
import { parseParams, slot as slotParam } from '../params.js';
import type { MethodHandler } from '../dispatch.js';

const getVersion: MethodHandler<RpcContext> = (params) => {
  parseParams(params, [], 0);
  return { 'solana-core': SOLANA_CORE_VERSION, 'feature-set': FEATURE_SET };
};

const getHealth: MethodHandler<RpcContext> = (params) => {
  parseParams(params, [], 0);
  return 'ok';
};

const getGenesisHash: MethodHandler<RpcContext> = (params, ctx) => {
  parseParams(params, [], 0);
  return ctx.genesisHash;
};

const getSlot: MethodHandler<RpcContext> = (params, ctx) => {
  const [config] = parseParams(params, [contextConfig], 0);
  return contextSlot(ctx, config);
};

const getBlockHeight: MethodHandler<RpcContext> = (params, ctx) => {
  const [config] = parseParams(params, [contextConfig], 0);
  return blockAtSlot(ctx, contextSlot(ctx, config)).blockHeight;
};

const getEpochInfo: MethodHandler<RpcContext> = (params, ctx) => {
  const [config] = parseParams(params, [contextConfig], 0);
  const slot = contextSlot(ctx, config);
  return {
    absoluteSlot: slot,
    blockHeight: blockAtSlot(ctx, slot).blockHeight,
    epoch: Math.floor(slot / SLOTS_PER_EPOCH),
    slotIndex: slot % SLOTS_PER_EPOCH,
    slotsInEpoch: SLOTS_PER_EPOCH,
    transactionCount: ctx.transactionCount(slot),
  };
};

const getTransactionCount: MethodHandler<RpcContext> = (params, ctx) => {
  const [config] = parseParams(params, [contextConfig], 0);
  return ctx.transactionCount(contextSlot(ctx, config));
};

const getFirstAvailableBlock: MethodHandler<RpcContext> = (params, ctx) => {
  parseParams(params, [], 0);
  return ctx.bank.firstRetainedSlot;
};

const getBlockTime: MethodHandler<RpcContext> = (params, ctx) => {
  const [slot] = parseParams<[number]>(params, [slotParam], 1);
  if (slot === 0) return ctx.bank.timeOfSlot(0);
  if (slot < ctx.bank.firstRetainedSlot) throw blockCleanedUp(slot, ctx.bank.firstRetainedSlot);
  const block = slot <= ctx.bank.latestBlock.slot ? ctx.bank.getBlock(slot) : undefined;
  if (!block) throw blockNotAvailable(slot);
  return block.blockTime;
};

export const clusterMethods: [string, MethodHandler<RpcContext>][] = [
  ['getVersion', getVersion],
  ['getHealth', getHealth],
  ['getGenesisHash', getGenesisHash],
  ['getSlot', getSlot],
  ['getBlockHeight', getBlockHeight],
  ['getEpochInfo', getEpochInfo],
  ['getTransactionCount', getTransactionCount],
  ['getFirstAvailableBlock', getFirstAvailableBlock],
  ['getBlockTime', getBlockTime],
];
