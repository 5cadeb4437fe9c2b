import { defineConfig } from 'vitest/config';

// One Vitest run covers every package; each package keeps its tests in test/ mirroring src/.
export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: 'contracts', include: ['packages/contracts/test/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'engine',
          include: ['packages/engine/test/**/*.test.ts', 'regions/**/test/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['packages/api/test/**/*.test.ts'],
          fileParallelism: false,
          // Starts a throwaway PostgreSQL server when CAIRN_TEST_PG=1.
          globalSetup: ['packages/api/test/globalSetup.ts'],
        },
      },
      'packages/web/vitest.config.ts',
    ],
    // Moves the clock ahead when CAIRN_TEST_CLOCK is set (scripts/test-clock-ahead.sh).
    setupFiles: ['scripts/vitest/shiftClock.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
