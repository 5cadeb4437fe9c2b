import { expect, test, type Page } from '@playwright/test';
import { planJourney, waitForResults } from './helpers.ts';

// Feature under test: the print page shows the real climb and descent of the walking and cycling
// steps (issue #16; SPEC's "108ft 0ft" gradient and "Busy" traffic are static placeholders).

type Step = { type: string; description: string; ascent_m?: number; descent_m?: number };
type Journey = { id: string; depart: { steps: Step[] }; return: { steps: Step[] } | null };

const climbOf = (steps: Step[]) => steps.reduce((sum, s) => sum + (s.ascent_m ?? 0), 0);
const text = (steps: Step[]) =>
  `climb ${Math.round(climbOf(steps))} m, descent ${Math.round(steps.reduce((sum, s) => sum + (s.descent_m ?? 0), 0))} m`;

/** The id of the first journey on the Results page. */
async function firstJourneyId(page: Page): Promise<string> {
  const href = await page.locator('.journey-card h2 a').first().getAttribute('href');
  return href!.split('/').pop()!;
}

test('print shows the climb and descent of each walk and ride and of the journey, and no traffic', async ({
  page,
}) => {
  await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
  await waitForResults(page);
  const hash = /search\/([0-9a-f]+)\//.exec(page.url())![1]!;
  const stored = (await (await page.request.get(`/v1/journey-planner/search/${hash}`)).json()) as {
    data: { journeys: Journey[] };
  };
  // The journey whose walks and rides climb the most, as the engine reports it.
  const climbing = (j: Journey) => j.depart.steps.filter((s) => s.ascent_m !== undefined);
  const journey = stored.data.journeys.sort((a, b) => climbOf(climbing(b)) - climbOf(climbing(a)))[0]!;
  const steps = climbing(journey);
  expect(climbOf(steps), 'a demo journey that climbs on foot or by bike').toBeGreaterThan(0);

  await page.goto(`/search/${hash}/results/${journey.id}/print`);
  await expect(page.getByRole('heading', { name: /Your journey:/ })).toBeVisible();
  const summary = page.locator('dl.summary');
  await expect(summary.getByText('Gradient on foot and by bike')).toBeVisible();
  await expect(summary.locator('dt:text-is("Gradient on foot and by bike") + dd')).toHaveText(text(steps));
  const printed = page.locator('.print-leg li.step');
  for (const step of steps) {
    const item = printed.filter({ hasText: step.description }).first();
    await expect(item).toContainText(`Gradient: ${text([step])}`);
  }
  // Vehicles report no climb, so their steps print no gradient.
  await expect(page.getByText(/Gradient:/)).toHaveCount(
    journey.depart.steps.filter((s) => s.ascent_m !== undefined).length,
  );
  await expect(page.getByText(/traffic|busy/i)).toHaveCount(0);
  await expect(page.getByText(/108\s?ft/)).toHaveCount(0);
});

test('print keeps its parts apart: buttons, figures, and the arrival after the last step', async ({
  page,
}) => {
  await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
  await waitForResults(page);
  await page.goto(
    page.url().replace(/\/results$/, '') + '/results/' + (await firstJourneyId(page)) + '/print',
  );
  const actions = await page.locator('.print-page .actions').boundingBox();
  const figures = await page.locator('.print-page dl.summary').boundingBox();
  expect(figures!.y - (actions!.y + actions!.height), 'space under the buttons').toBeGreaterThanOrEqual(8);
  const lastStep = await page.locator('.print-leg').first().locator('li.step').last().boundingBox();
  const arrival = await page.locator('li.step-end').first().boundingBox();
  expect(arrival!.y - (lastStep!.y + lastStep!.height), 'space above the arrival').toBeGreaterThanOrEqual(8);
});
