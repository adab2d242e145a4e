// How the service's processes collect garbage. V8 watches each allocation site, and once enough of its objects
// survive a young-generation collection it allocates that site's objects in the old generation from then on
// (allocation-site pretenuring). A server with 50 requests in flight keeps each request's objects (Node's HTTP
// messages, replies, checked parameters) alive across a young collection often enough for that, yet they die
// milliseconds later. Pretenured, they grew the old generation by 50-70 MB a second on the API bench, the heap
// swung between 300 MB and 1.1-1.9 GB, and young collections paused 5-7 ms each. Without pretenuring those objects
// die young: young collections of 1.4-2.2 ms, a heap under 840 MB, and every route's p99 lower (docs/benchmarks.md).
// Set as a process starts, the flag acts as it does on the command line (both measured alike), so the entry
// points need no node options of their own.
import { setFlagsFromString } from 'node:v8';

/** Called first by the service's entry points (`npm start`, each role's `run-role`) and the API bench's server. */
export function tuneGarbageCollection(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
