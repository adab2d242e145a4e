// Token-2022 extensions of a mint or token account, read from the TLV area after the account type
// byte and shaped as the account decoder's `UiExtension` list (`{ extension, state }`).
import { getAddressDecoder } from '@solana/kit';

const TLV_START = 166;
const addressDecoder = getAddressDecoder();

export type UiExtension = { extension: string; state?: Record<string, unknown> };

/** Extension type numbers, in the order of spl-token-2022's ExtensionType enum. */
const NAMES = [
  'uninitialized',
  'transferFeeConfig',
  'transferFeeAmount',
  'mintCloseAuthority',
  'confidentialTransferMint',
  'confidentialTransferAccount',
  'defaultAccountState',
  'immutableOwner',
  'memoTransfer',
  'nonTransferable',
  'interestBearingConfig',
  'cpiGuard',
  'permanentDelegate',
  'nonTransferableAccount',
  'transferHook',
  'transferHookAccount',
  'confidentialTransferFeeConfig',
  'confidentialTransferFeeAmount',
  'metadataPointer',
  'tokenMetadata',
  'groupPointer',
  'tokenGroup',
  'groupMemberPointer',
  'tokenGroupMember',
  'confidentialMintBurn',
  'scaledUiAmountConfig',
  'pausableConfig',
  'pausableAccount',
] as const;

class Reader {
  private at = 0;
  constructor(private readonly data: Uint8Array) {}
  private view(): DataView {
    return new DataView(this.data.buffer, this.data.byteOffset, this.data.byteLength);
  }
  private need(n: number): number {
    if (this.at + n > this.data.length) throw new RangeError('extension data too short');
    const start = this.at;
    this.at += n;
    return start;
  }
  /** OptionalNonZeroPubkey: all zero bytes mean none. */
  optionalKey(): string | null {
    const start = this.need(32);
    const bytes = this.data.subarray(start, start + 32);
    return bytes.every((b) => b === 0) ? null : addressDecoder.decode(bytes);
  }
  key(): string {
    const start = this.need(32);
    return addressDecoder.decode(this.data.subarray(start, start + 32));
  }
  u8(): number {
    return this.data[this.need(1)]!;
  }
  bool(): boolean {
    return this.u8() !== 0;
  }
  u16(): number {
    return this.view().getUint16(this.need(2), true);
  }
  i16(): number {
    return this.view().getInt16(this.need(2), true);
  }
  u32(): number {
    return this.view().getUint32(this.need(4), true);
  }
  u64(): bigint {
    return this.view().getBigUint64(this.need(8), true);
  }
  i64(): bigint {
    return this.view().getBigInt64(this.need(8), true);
  }
  f64(): number {
    return this.view().getFloat64(this.need(8), true);
  }
  string(): string {
    const length = this.u32();
    const start = this.need(length);
    return new TextDecoder('utf-8', { fatal: true }).decode(this.data.subarray(start, start + length));
  }
}

const ACCOUNT_STATES = ['uninitialized', 'initialized', 'frozen'];

function transferFee(r: Reader) {
  return { epoch: r.u64(), maximumFee: r.u64(), transferFeeBasisPoints: r.u16() };
}

/** Rust's Display of an f64 (`1` for 1.0). */
function rustFloat(value: number): string {
  return Number.isInteger(value) ? value.toFixed(0) : String(value);
}

const PARSERS: Partial<Record<(typeof NAMES)[number], (r: Reader) => Record<string, unknown>>> = {
  transferFeeConfig: (r) => ({
    transferFeeConfigAuthority: r.optionalKey(),
    withdrawWithheldAuthority: r.optionalKey(),
    withheldAmount: r.u64(),
    olderTransferFee: transferFee(r),
    newerTransferFee: transferFee(r),
  }),
  transferFeeAmount: (r) => ({ withheldAmount: r.u64() }),
  mintCloseAuthority: (r) => ({ closeAuthority: r.optionalKey() }),
  defaultAccountState: (r) => ({ accountState: ACCOUNT_STATES[r.u8()] ?? 'uninitialized' }),
  memoTransfer: (r) => ({ requireIncomingTransferMemos: r.bool() }),
  interestBearingConfig: (r) => ({
    rateAuthority: r.optionalKey(),
    initializationTimestamp: r.i64(),
    preUpdateAverageRate: r.i16(),
    lastUpdateTimestamp: r.i64(),
    currentRate: r.i16(),
  }),
  cpiGuard: (r) => ({ lockCpi: r.bool() }),
  permanentDelegate: (r) => ({ delegate: r.optionalKey() }),
  transferHook: (r) => ({ authority: r.optionalKey(), programId: r.optionalKey() }),
  transferHookAccount: (r) => ({ transferring: r.bool() }),
  metadataPointer: (r) => ({ authority: r.optionalKey(), metadataAddress: r.optionalKey() }),
  tokenMetadata: (r) => {
    const updateAuthority = r.optionalKey();
    const mint = r.key();
    const name = r.string();
    const symbol = r.string();
    const uri = r.string();
    const count = r.u32();
    const additionalMetadata: [string, string][] = [];
    for (let i = 0; i < count; i++) additionalMetadata.push([r.string(), r.string()]);
    return { updateAuthority, mint, name, symbol, uri, additionalMetadata };
  },
  groupPointer: (r) => ({ authority: r.optionalKey(), groupAddress: r.optionalKey() }),
  tokenGroup: (r) => ({ updateAuthority: r.optionalKey(), mint: r.key(), size: r.u64(), maxSize: r.u64() }),
  groupMemberPointer: (r) => ({ authority: r.optionalKey(), memberAddress: r.optionalKey() }),
  tokenGroupMember: (r) => ({ mint: r.key(), group: r.key(), memberNumber: r.u64() }),
  scaledUiAmountConfig: (r) => ({
    authority: r.optionalKey(),
    multiplier: rustFloat(r.f64()),
    newMultiplierEffectiveTimestamp: r.i64(),
    newMultiplier: rustFloat(r.f64()),
  }),
  pausableConfig: (r) => ({ authority: r.optionalKey(), paused: r.bool() }),
};

const UNIT = new Set(['uninitialized', 'immutableOwner', 'nonTransferable', 'nonTransferableAccount', 'pausableAccount']);

/** The extensions after the base state; empty when the TLV area is absent or malformed. */
export function parseExtensions(data: Uint8Array): UiExtension[] {
  const out: UiExtension[] = [];
  let at = TLV_START;
  while (at + 4 <= data.length) {
    const view = new DataView(data.buffer, data.byteOffset + at, 4);
    const type = view.getUint16(0, true);
    const length = view.getUint16(2, true);
    if (type === 0) break;
    const name = NAMES[type];
    if (!name || at + 4 + length > data.length) return [];
    const value = data.subarray(at + 4, at + 4 + length);
    if (UNIT.has(name)) out.push({ extension: name });
    else {
      const parse = PARSERS[name];
      try {
        out.push(parse ? { extension: name, state: parse(new Reader(value)) } : { extension: 'unparseableExtension' });
      } catch {
        out.push({ extension: 'unparseableExtension' });
      }
    }
    at += 4 + length;
  }
  return out;
}
