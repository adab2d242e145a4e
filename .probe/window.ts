import { ChdbOlap } from '../infra/olap/chdb-olap.js';
import { WINDOW_FIGURES_SQL, windowFiguresSql } from '../projections/coin-figures/queries.js';
const olap = ChdbOlap.open('/tmp/lt-bench-store/olap');
const [m] = await olap.query<{ t: number; n: string; d: string }>(`SELECT toUnixTimestamp(max(time)) AS t, toString(count()) AS n, toString(min(time)) AS d FROM trades`);
console.log(m);
const [w] = await olap.query<{ n: string }>(`SELECT toString(count()) AS n FROM coin_trade_ticks WHERE time > now() - INTERVAL 2 DAY`);
console.log('ticks last 2 days (wall)', w);
for (const now of [m!.t, Math.floor(Date.now() / 1000)]) {
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const rows = await olap.query(WINDOW_FIGURES_SQL, { now });
    console.log(now, rows.length, (performance.now() - t).toFixed(1), 'ms');
  }
}
await olap.close();
