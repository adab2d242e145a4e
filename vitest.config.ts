// Test tiers: unit (pure code), int (one component with real stores/servers), e2e (the whole chain of parts).
import { defineConfig } from 'vitest/config';

const tier = (name: string, timeout: number) => ({
  test: { name, include: [`test/**/*.${name}.spec.ts`], testTimeout: timeout, hookTimeout: timeout },
});

export default defineConfig({
  test: {
    pool: 'forks',
    projects: [tier('unit', 20_000), tier('int', 60_000), tier('e2e', 180_000)],
  },
});
