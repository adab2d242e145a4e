// When each stage of a pipeline process moved past each slot: sampled every 10 ms, so the lag of a slot can
// be split into its parts (its first transaction received by the subscriber, then written to the raw-tx log
// and decoded into coin-events, then projected into chDB). Only advances are kept: the first time a stage's
// slot reached a value. A sample is taken when the process's event loop is free, so a stage that moves while
// the loop is busy is noted late.

export type StageName = 'seen' | 'decoded' | 'projected';

/** A stage reached `slot` (and every slot before it) at wall time `at`. */
export interface StageAdvance {
  stage: StageName;
  slot: number;
  at: number;
}

export class StageWatch {
  private readonly last = new Map<StageName, number>();
  private pending: StageAdvance[] = [];

  /** Record the stage's current slot if it moved. */
  observe(stage: StageName, slot: number | null, at: number): void {
    if (slot === null || slot <= (this.last.get(stage) ?? -1)) return;
    this.last.set(stage, slot);
    this.pending.push({ stage, slot, at });
  }

  /** Advances since the last call. */
  take(): StageAdvance[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }
}

/** The orchestrator's side: every stage's advances, to ask when a stage first reached a slot. */
export class StageTimes {
  private readonly byStage = new Map<StageName, StageAdvance[]>();

  add(advances: readonly StageAdvance[]): void {
    for (const advance of advances) {
      let list = this.byStage.get(advance.stage);
      if (!list) this.byStage.set(advance.stage, (list = []));
      list.push(advance);
    }
  }

  /** When the stage first reached `slot`; null when it has not (yet). */
  reachedAt(stage: StageName, slot: number): number | null {
    for (const advance of this.byStage.get(stage) ?? []) if (advance.slot >= slot) return advance.at;
    return null;
  }
}
