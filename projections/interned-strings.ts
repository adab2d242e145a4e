// Strings kept once each and referred to by number, for resident models holding many rows that repeat a few
// thousand values (traders, tokens, signatures): a value seen a thousand times costs one string, and a row holds
// its number in a typed column. Only grows: a value no row refers to any more keeps its entry.
export class InternedStrings {
  private readonly texts: string[] = [];
  private readonly ids = new Map<string, number>();

  /** The number of `text`, given it now if it has none. */
  id(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.texts.length;
      this.texts.push(text);
      this.ids.set(text, id);
    }
    return id;
  }

  text(id: number): string {
    return this.texts[id]!;
  }

  get size(): number {
    return this.texts.length;
  }
}
