// One copy of each repeated string, for resident models holding many rows that repeat a few thousand values
// (traders, coins, tokens, signatures): rows read from the store each come with their own copy, and a value seen a
// thousand times should cost one. Only grows: a value no row refers to any more keeps its entry.
export class SharedStrings {
  private readonly held = new Map<string, string>();

  /** The copy of `text` held (`text` itself, held from now on, when none is). */
  share(text: string): string {
    const held = this.held.get(text);
    if (held !== undefined) return held;
    this.held.set(text, text);
    return text;
  }

  get size(): number {
    return this.held.size;
  }
}
