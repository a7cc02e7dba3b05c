import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // every test temp folder under one root, removed at the end of the run (tests/support/tempRoot.ts)
    globalSetup: ['tests/support/tempRoot.ts'],
    reporters: ['default'],
  },
});
