// Trader addresses of the resident trades, each kept once and referred to by index: a wallet that traded a
// thousand times costs one string. The table only grows (about 100 bytes per distinct trader, ~1 MB for the
// 12,000 traders of a million-trade market); trades of evicted coins keep no trader alive but leave its entry.
export class TraderTable {
  private readonly texts: string[] = [];
  private readonly indexes = new Map<string, number>();

  index(text: string): number {
    let index = this.indexes.get(text);
    if (index === undefined) {
      index = this.texts.length;
      this.texts.push(text);
      this.indexes.set(text, index);
    }
    return index;
  }

  text(index: number): string {
    return this.texts[index]!;
  }

  get size(): number {
    return this.texts.length;
  }
}
