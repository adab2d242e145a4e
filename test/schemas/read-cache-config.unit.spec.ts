// READ_CACHE_MIB: the answer cache's bound, in MiB, 64 MiB unless set; anything but a whole number of
// MiB from 1 up is refused at start.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../schemas/config.js';

describe('READ_CACHE_MIB', () => {
  it('bounds the kept answers at 64 MiB by default, else at the MiB given', () => {
    expect(loadConfig({}).readCacheBytes).toBe(64 * 1024 * 1024);
    expect(loadConfig({ READ_CACHE_MIB: '1024' }).readCacheBytes).toBe(1024 * 1024 * 1024);
  });

  it('refuses a bound that is not a whole number of MiB from 1 up', () => {
    for (const bad of ['0', '-5', '1.5', 'lots', '100000']) {
      expect(() => loadConfig({ READ_CACHE_MIB: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ READ_CACHE_MIB: bad }), bad).toThrow(/READ_CACHE_MIB/);
    }
  });
});
