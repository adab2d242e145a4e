// Keeper memo `price` → `price.updated` (SOL/USD in micro-USD).
import { memoEventId } from '../event-ids.js';
import { draft, type Decoder } from '../context.js';
import { keeperMemos } from './keeper-memos.js';

export const decode: Decoder = (tx, ctx) =>
  keeperMemos(tx, ctx, 'price').map(({ memo, ordinal }) =>
    draft(tx, ctx, 'price.updated', memoEventId(tx.signature, ordinal), { asset: 'SOL', microUsd: memo.solMicroUsd }),
  );
