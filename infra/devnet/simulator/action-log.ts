// What the simulator did, action by action: the ground truth tests compare projections against.
export type SimActionKind =
  | 'fund'
  | 'launch'
  | 'lock-split'
  | 'buy'
  | 'sell'
  | 'snipe'
  | 'bundle-buy'
  | 'wash'
  | 'transfer'
  | 'graduate'
  | 'claim-fees'
  | 'payout-round'
  | 'payout'
  | 'creator-send'
  | 'burn'
  | 'price';

export interface SimAction {
  slot: number;
  kind: SimActionKind;
  signature: string | null;
  ok: boolean;
  /** Kind-specific facts (amounts as decimal strings). */
  detail: Record<string, unknown>;
}

export class ActionLog {
  readonly actions: SimAction[] = [];

  add(action: SimAction): void {
    this.actions.push(action);
  }

  ofKind(kind: SimActionKind): SimAction[] {
    return this.actions.filter((a) => a.kind === kind);
  }

  kinds(): Set<SimActionKind> {
    return new Set(this.actions.filter((a) => a.ok).map((a) => a.kind));
  }
}
