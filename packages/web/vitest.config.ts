import { defineProject } from 'vitest/config';
import { contractSchemasPlugin } from './scripts/contractSchemasPlugin.ts';

// Helper tests run in node; component tests opt into jsdom with a @vitest-environment comment; the e2e suite drives the built app in Chromium.
export default defineProject({
  plugins: [contractSchemasPlugin()],
  test: {
    name: 'web',
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Moves the clock ahead when CAIRN_TEST_CLOCK is set (scripts/test-clock-ahead.sh).
    setupFiles: ['../../scripts/vitest/shiftClock.ts'],
  },
});
