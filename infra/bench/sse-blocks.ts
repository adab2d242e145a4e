// Minimal reading of Server-Sent Events, as the benches' clients need it: a stream's text cut into whole messages (the
// blocks that end in a blank line, as the API writes them: `id:`, `event:` and one `data:` line of JSON), with the
// event's name and a trade's signature picked out without parsing the rest.
const SIGNATURE = /"signature":"([^"]+)"/;

/** One stream's text as it comes: whole messages handed on, a partial one kept for the next chunk. */
export class SseBlocks {
  private pending = '';

  constructor(private readonly onBlock: (block: string) => void) {}

  push(text: string): void {
    this.pending += text;
    let end: number;
    while ((end = this.pending.indexOf('\n\n')) >= 0) {
      const block = this.pending.slice(0, end);
      this.pending = this.pending.slice(end + 2);
      this.onBlock(block);
    }
  }
}

/** Whether the message is of event `name` (a message the API wrote, so its `id:` line comes first). */
export const isEvent = (block: string, name: string): boolean => block.includes(`\nevent: ${name}\n`);

/** The message's `data:` line as written (one line of JSON), or null. */
export function dataOf(block: string): string | null {
  const start = block.indexOf('\ndata: ');
  if (start < 0) return null;
  const end = block.indexOf('\n', start + 7);
  return block.slice(start + 7, end < 0 ? undefined : end);
}

/** The `signature` field of a trade message, or null. */
export const signatureOf = (block: string): string | null => SIGNATURE.exec(block)?.[1] ?? null;
