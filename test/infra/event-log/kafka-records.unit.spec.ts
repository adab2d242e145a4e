// Kafka record conversions without a broker: large appends split under the request limit in order,
// oversized records refused before anything is sent, fetched messages read back as log records.
import { describe, expect, it } from 'vitest';
import { EventLogInputError } from '../../../infra/event-log/event-log-input.js';
import { produceChunks, toLogRecord } from '../../../infra/event-log/kafka-records.js';

describe('produceChunks', () => {
  it('splits a large append into ordered requests under the limit', () => {
    const records = Array.from({ length: 1_000 }, (_, i) => ({ key: `k${i}`, value: 'v'.repeat(1_000) }));
    const chunks = produceChunks(records, 100_000);
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.flat().map((m) => m.key)).toEqual(records.map((r) => r.key));
    for (const chunk of chunks) {
      const bytes = chunk.reduce((sum, m) => sum + String(m.key).length + String(m.value).length + 64, 0);
      expect(bytes).toBeLessThanOrEqual(100_000);
    }
  });

  it('counts UTF-8 bytes and refuses a record that cannot fit', () => {
    expect(() => produceChunks([{ key: 'k', value: 'é'.repeat(600) }], 1_200)).toThrow(EventLogInputError);
    expect(() =>
      produceChunks(
        [
          { key: 'k', value: 'ok' },
          { key: 'k', value: 'x'.repeat(2_000) },
        ],
        1_000,
      ),
    ).toThrow(/record 1 is/);
    expect(produceChunks([], 1_000)).toEqual([]);
  });
});

describe('toLogRecord', () => {
  it('reads offset, key and value of a fetched message', () => {
    const message = { offset: '42', key: Buffer.from('mint'), value: Buffer.from('{"a":"ü"}') };
    expect(toLogRecord('coin-events', 3, message as never)).toEqual({
      topic: 'coin-events',
      partition: 3,
      offset: 42n,
      key: 'mint',
      value: '{"a":"ü"}',
    });
  });
});
