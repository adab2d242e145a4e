// A projector set's tables and generation in the analytics store: create the tables, decide at startup
// whether to resume, finish an interrupted rebuild or rebuild for changed projector versions, and rebuild
// (mark rebuilding, drop, create, mark ready; a crash in between is finished at the next start).
import type { Olap } from '../infra/olap/olap.js';
import type { Projector } from './projector.js';
import { loadSetState, runnerTables, saveSetState, type SetState } from './runner-state.js';

/** `name@version` (and `#settings`) of each projector, sorted: stored with a set's state (and with a store made
 * without the runner) to notice a changed projector. */
export function projectorVersions(projectors: readonly Projector[]): string {
  return projectors
    .map((projector) => `${projector.name}@${projector.version}${projector.settings === undefined ? '' : `#${projector.settings}`}`)
    .sort()
    .join(',');
}

export class ProjectorSet {
  constructor(
    readonly name: string,
    readonly projectors: readonly Projector[],
    private readonly olap: Olap,
  ) {
    const tables = projectors.flatMap((projector) => projector.tables.map((table) => table.name));
    if (new Set(tables).size !== tables.length) throw new Error(`projector set ${name}: two projectors share a table`);
  }

  versions(): string {
    return projectorVersions(this.projectors);
  }

  /** Bring the store to a ready state for this set and return it. */
  async open(): Promise<SetState> {
    for (const table of runnerTables) await this.olap.exec(table.ddl);
    const stored = await loadSetState(this.olap, this.name);
    if (stored === null) {
      await this.createTables();
      const state: SetState = { generation: 1, status: 'ready', versions: this.versions() };
      await saveSetState(this.olap, this.name, state);
      return state;
    }
    if (stored.status === 'rebuilding') return this.rebuild(stored.generation);
    if (stored.versions !== this.versions()) return this.rebuild(stored.generation + 1);
    await this.createTables();
    return stored;
  }

  /** Drop and recreate every table of the set under `generation`; the caller replays the log into them. */
  async rebuild(generation: number): Promise<SetState> {
    const rebuilding: SetState = { generation, status: 'rebuilding', versions: this.versions() };
    await saveSetState(this.olap, this.name, rebuilding);
    for (const projector of this.projectors) {
      for (const table of projector.tables) await this.olap.exec(`DROP TABLE IF EXISTS ${table.name} SYNC`);
    }
    await this.createTables();
    const ready: SetState = { ...rebuilding, status: 'ready' };
    await saveSetState(this.olap, this.name, ready);
    return ready;
  }

  private async createTables(): Promise<void> {
    for (const projector of this.projectors) for (const table of projector.tables) await this.olap.exec(table.ddl);
  }
}
