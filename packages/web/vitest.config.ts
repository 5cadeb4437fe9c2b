import { defineProject } from 'vitest/config';

// Web component and helper tests run in jsdom; the e2e suite drives the built app in Chromium.
export default defineProject({
  test: { name: 'web', include: ['test/**/*.test.{ts,tsx}'], environment: 'jsdom' },
});
