import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // every test temp folder under one root, removed at the end of the run (tests/support/tempRoot.ts)
    globalSetup: ['tests/support/tempRoot.ts'],
    // one event-loop turn before each test, so the worker reads its RPC replies (tests/support/yieldToLoop.ts)
    setupFiles: ['tests/support/yieldBetweenTests.ts'],
    reporters: ['default'],
  },
});
