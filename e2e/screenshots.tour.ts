import { snap } from './helpers.ts';
import { defineTourTests } from './tour.ts';

// Every stop of the tour, shot at desktop and phone widths (run by e2e/screenshots.config.ts).

defineTourTests({
  campaignPort: Number(process.env.E2E_PORT ?? 8092) + 22,
  viewport: { width: 1280, height: 800 },
  onStop: (page, name) => snap(page, name),
});
