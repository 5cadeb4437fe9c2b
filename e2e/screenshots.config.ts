import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

// `npm run screenshots`: the screenshot set of e2e/tour.ts at desktop and phone widths into
// e2e/screenshots/ (git-ignored). It starts the demo like the e2e suite; to shoot a demo that is
// already running, set E2E_REUSE=1, E2E_PORT to its port and E2E_DATA_DIR to its data folder
// (the account pages read the activation mail from its outbox).
export default defineConfig({ ...base, testMatch: 'screenshots.tour.ts' });
