import { defineProject } from 'vitest/config';

// Helper tests run in node; component tests opt into jsdom with a @vitest-environment comment; the e2e suite drives the built app in Chromium.
export default defineProject({
  test: { name: 'web', include: ['test/**/*.test.{ts,tsx}'], environment: 'node' },
});
