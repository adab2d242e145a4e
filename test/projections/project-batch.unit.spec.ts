// One batch of log records through the projectors: routing by event type, rows merged by table, records that
// are not events set aside, and the full-validation fallback when a projector meets a malformed event.
import { describe, expect, it } from 'vitest';
import type { LogRecord } from '../../infra/event-log/event-log.js';
import { projectBatch } from '../../projections/project-batch.js';
import { READ_MODEL_PROJECTORS } from '../../projections/read-models.js';
import { parseEvent, type Event } from '../../schemas/events/index.js';
import { addr, balanceChanged, launched, trade } from './event-fixtures.js';
import { simulateMarket } from './market-simulation.js';

const MINT = addr(1);
const record = (offset: number, value: unknown): LogRecord => ({
  topic: 'coin-events',
  partition: 0,
  offset: BigInt(offset),
  key: MINT,
  value: typeof value === 'string' ? value : JSON.stringify(value),
});

describe('projectBatch', () => {
  it('given events of every read model, then rows for each table and the batch’s highest slot', () => {
    const events: Event[] = [
      launched({ slot: 5, tx: 1 }, MINT),
      trade({ slot: 7, tx: 2 }, { mint: MINT }),
      balanceChanged({ slot: 7, tx: 2, account: 1 }, { mint: MINT, owner: addr(2), tokenAccount: addr(3), pre: 0n, post: 1_000_000n }),
    ];
    const batch = projectBatch(
      events.map((event, i) => record(i, event)),
      READ_MODEL_PROJECTORS,
    );
    // Other read models may take these events too (their own specs say how); these tables must have exactly these rows.
    expect(Object.fromEntries([...batch.rows].map(([table, rows]) => [table, rows.length]))).toMatchObject({
      coins: 1,
      trades: 1,
      balances: 1,
      balance_changes: 1,
    });
    expect(batch).toMatchObject({ projected: 3, skipped: [], lastSlot: 7 });
  });

  it('given records that are not events, then they are skipped with a reason and the rest projected', () => {
    const batch = projectBatch(
      [
        record(0, '{not json'),
        record(1, { type: 'webhook.test', id: 'x', slot: 1, blockTime: 1, data: {} }),
        record(2, trade({ slot: 3, tx: 1 }, { mint: MINT })),
      ],
      READ_MODEL_PROJECTORS,
    );
    expect(batch.skipped.map((skip) => [skip.offset, skip.reason])).toEqual([
      [0n, 'not JSON'],
      [1n, 'not an event of a known type'],
    ]);
    expect(batch.rows.get('trades')).toHaveLength(1);
  });

  it('given a malformed event a projector trips on, then the batch is validated in full and only it is skipped', () => {
    const good = trade({ slot: 3, tx: 1 }, { mint: MINT });
    const broken = { ...trade({ slot: 4, tx: 2 }, { mint: MINT }), data: { mint: MINT } };
    const batch = projectBatch([record(0, good), record(1, broken)], READ_MODEL_PROJECTORS);
    expect(batch.rows.get('trades')).toHaveLength(1);
    expect(batch.skipped).toHaveLength(1);
    expect(batch.skipped[0]).toMatchObject({ offset: 1n, reason: expect.stringContaining('invalid event') });
  });

  it('builds only schema-valid events in the simulation (apart from the optional launch fields)', () => {
    for (const event of simulateMarket({ seed: 3, coins: 3, trades: 300 })) {
      if (event.type === 'coin.launched') {
        const { curveAllotment, initialReserves, ...data } = event.data as typeof event.data & { curveAllotment?: string; initialReserves?: object };
        expect(curveAllotment).toBeDefined();
        expect(initialReserves).toBeDefined();
        expect(() => parseEvent({ ...event, data })).not.toThrow();
      } else {
        expect(() => parseEvent(event)).not.toThrow();
      }
    }
  });
});
