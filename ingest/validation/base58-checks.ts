// The event catalog's base58 predicates (address, signature, event id) answered fast: "valid" comes from the
// service's BigInt-free base58 decoder and a bounded memo; anything that does not pass that way is put to the
// catalog's own predicate, so every verdict (and every exception the toolkit's checks throw) is the original's.
// The toolkit's checks convert through BigInt and cost tens of microseconds each; a decoded transaction's
// signature alone is checked several times per event.
import { isAddress, isSignature } from '@solana/kit';
import { addressBytesView, decodeBase58 } from '../../schemas/base58.js';
import { isEventId } from '../../schemas/events/index.js';

/** The checks of one signature come within one transaction's decode, so the memo need only hold the latest few. */
const MEMO_LIMIT = 4_096;

/** A set of strings known to pass, emptied when full (the hot ones come back at once). */
class Memo {
  private readonly known = new Set<string>();
  has(value: string): boolean {
    return this.known.has(value);
  }
  add(value: string): void {
    if (this.known.size >= MEMO_LIMIT) this.known.clear();
    this.known.add(value);
  }
}

const signatures = new Memo();
const idTails = new Map<string, boolean>();
/** 64 zero bytes: a valid signature without ':' that stands in for the real one when an id's tail is checked. */
const STAND_IN_SIGNATURE = '1'.repeat(64);

/** Same verdict as the toolkit's isAddress. */
export function isAddressFast(value: string): boolean {
  if (typeof value === 'string' && value.length >= 32 && value.length <= 44) {
    try {
      addressBytesView(value);
      return true;
    } catch {
      // not 32 bytes of base58: the original decides (and words the answer)
    }
  }
  return isAddress(value);
}

/** Same verdict as the toolkit's isSignature (which throws on a character outside the alphabet). */
export function isSignatureFast(value: string): boolean {
  if (typeof value === 'string' && value.length >= 64 && value.length <= 88) {
    if (signatures.has(value)) return true;
    try {
      if (decodeBase58(value).length === 64) {
        signatures.add(value);
        return true;
      }
    } catch {
      // the original decides
    }
  }
  return isSignature(value);
}

/** Same verdict as the catalog's isEventId: the part before the first ':' is the signature, checked here; the rest
 * (path, fact, index, part) is checked once per distinct tail by the catalog's parser behind a stand-in signature. */
export function isEventIdFast(id: string): boolean {
  if (typeof id === 'string') {
    const colon = id.indexOf(':');
    if (colon > 0 && isSignatureFast(id.slice(0, colon)) && tailIsValid(id.slice(colon))) return true;
  }
  return isEventId(id);
}

function tailIsValid(tail: string): boolean {
  let valid = idTails.get(tail);
  if (valid === undefined) {
    valid = isEventId(STAND_IN_SIGNATURE + tail);
    if (idTails.size >= MEMO_LIMIT) idTails.clear();
    idTails.set(tail, valid);
  }
  return valid;
}

/** The catalog's predicates and their fast equivalents. */
export const FAST_PREDICATES: ReadonlyMap<unknown, (value: string) => boolean> = new Map<unknown, (value: string) => boolean>([
  [isAddress, isAddressFast],
  [isSignature, isSignatureFast],
  [isEventId, isEventIdFast],
]);
