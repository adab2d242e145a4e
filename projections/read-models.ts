// The projector set the `project` role runs: every read model whose rows come straight from coin events, and with
// the service's wallets the owed shares derived from them.
import type { Olap } from '../infra/olap/olap.js';
import { balancesProjector } from './balances/projector.js';
import { burnsProjector } from './burns/projector.js';
import { candlesProjector } from './candles/projector.js';
import { coinsProjector } from './coins/projector.js';
import { creatorsProjector } from './creators/projector.js';
import { healthProjector } from './health/projector.js';
import { platformProjector } from './platform/projector.js';
import { pricesProjector } from './prices/projector.js';
import { quoteListingsProjector } from './quote-listings/projector.js';
import type { Projector } from './projector.js';
import { owedProjector } from './rewards/owed-projector.js';
import { rewardsProjector } from './rewards/projector.js';
import { tradesProjector } from './trades/projector.js';
import { runnerTables } from './runner-state.js';

export const READ_MODEL_SET = 'read-models';
export const READ_MODEL_PROJECTORS: readonly Projector[] = [
  coinsProjector,
  tradesProjector,
  candlesProjector,
  balancesProjector,
  pricesProjector,
  platformProjector,
  burnsProjector,
  rewardsProjector,
  creatorsProjector,
  healthProjector,
  quoteListingsProjector,
];

/** Every read model, the owed shares counting `serviceWallets` as no holders. */
export function readModelProjectors(serviceWallets: readonly string[]): readonly Projector[] {
  return [...READ_MODEL_PROJECTORS, owedProjector(serviceWallets)];
}

/** Create any missing read-model (and runner state) table, so an API started on a store never projected answers
 * empty lists rather than failing on a missing table (`CREATE TABLE IF NOT EXISTS`; the project role owns rebuilds). */
export async function ensureReadModelTables(olap: Olap): Promise<void> {
  for (const table of [...runnerTables, ...readModelProjectors([]).flatMap((projector) => projector.tables)]) await olap.exec(table.ddl);
}
