import { expect, test, type Page } from '@playwright/test';
import { planJourney, waitForResults } from './helpers.ts';
import { defineTourTests } from './tour.ts';

// Feature under test: every screen and modal state fits a 360 px wide phone (issue #16): the page
// never scrolls sideways and no element sticks out of the viewport, except inside a box that
// scrolls or clips on its own (the section bar, a wide table).

const PORT = Number(process.env.E2E_PORT ?? 8092);

/** What sticks out of the viewport sideways, each by a selector path; empty when all fits. */
function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const found: string[] = [];
    if (root.scrollWidth > width) found.push(`the page scrolls sideways (${root.scrollWidth} > ${width} px)`);
    const label = (el: Element) =>
      el.tagName.toLowerCase() + (el.id ? `#${el.id}` : '') + [...el.classList].map((c) => `.${c}`).join('');
    const path = (el: Element) => {
      const parts: string[] = [];
      for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement)
        parts.unshift(label(e));
      return parts.join(' > ');
    };
    // Inside a box that scrolls or clips, only that box has to fit (it is checked on its own).
    const inClippingBox = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right <= width + 0.5 && box.width <= width + 0.5) continue;
      if (inClippingBox(el)) continue;
      found.push(`${path(el)} (${Math.round(box.left)} to ${Math.round(box.right)} px)`);
    }
    return found.slice(0, 25);
  });
}

defineTourTests({
  campaignPort: PORT + 21,
  viewport: { width: 360, height: 800 },
  onStop: async (page, name) => {
    expect.soft(await sidewaysOverflow(page), `sideways overflow on ${name} at 360 px`).toEqual([]);
  },
});

test('the journey section bar scrolls within itself and keeps the current section in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await planJourney(page, { from: ['Aviemore', 'Aviemore'], to: ['Kingussie', 'Kingussie'] });
  await waitForResults(page);
  await page.locator('.journey-card h2 a').first().click();
  const bar = page.getByRole('navigation', { name: 'Journey sections' });
  const list = bar.getByRole('list');
  await expect(list).toBeVisible();
  const widths = await list.evaluate((ul) => [ul.scrollWidth, ul.clientWidth]);
  expect(widths[0], 'the bar holds more than a phone shows').toBeGreaterThan(widths[1]!);

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const current = bar.getByRole('link', { name: 'Step by step guide' });
  await expect(current).toHaveAttribute('aria-current', 'true');
  await expect
    .poll(
      async () => {
        const [link, box] = await Promise.all([current.boundingBox(), list.boundingBox()]);
        return link!.x >= box!.x - 0.5 && link!.x + link!.width <= box!.x + box!.width + 0.5;
      },
      { message: 'the current section is scrolled into the bar' },
    )
    .toBe(true);
  expect(await sidewaysOverflow(page)).toEqual([]);
});
