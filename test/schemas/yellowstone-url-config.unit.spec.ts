// A remote chain's Yellowstone endpoint is refused at start when the subscriber could not dial it.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../schemas/config.js';

describe('YELLOWSTONE_URL', () => {
  it('takes an http or https URL', () => {
    expect(loadConfig({ YELLOWSTONE_URL: 'http://127.0.0.1:10000' }).chain.yellowstoneUrl).toBe('http://127.0.0.1:10000');
    expect(loadConfig({ YELLOWSTONE_URL: 'https://geyser.example.com' }).chain.yellowstoneUrl).toBe('https://geyser.example.com');
  });

  it('refuses another scheme, or no URL, saying what it expects', () => {
    for (const bad of ['grpc://127.0.0.1:10000', 'ws://geyser.example.com', '127.0.0.1:10000', 'not a url']) {
      expect(() => loadConfig({ YELLOWSTONE_URL: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ YELLOWSTONE_URL: bad }), bad).toThrow(/YELLOWSTONE_URL: expected an http:\/\/ or https:\/\/ URL/);
    }
  });
});
