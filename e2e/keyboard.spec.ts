/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';

// Feature under test: keyboard only — plan a journey, open a result and its details, and expand
// step instructions with Tab, arrow keys, Space and Enter; no mouse click anywhere.

interface Focused {
  tag: string;
  role: string | null;
  name: string;
  text: string;
  visible: boolean;
  outlined: boolean;
}

/** What has focus now: its role, accessible-ish name, and whether it is visible with a focus ring. */
async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body)
      return { tag: 'body', role: null, name: '', text: '', visible: false, outlined: false };
    const rect = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const labelled = el.getAttribute('aria-labelledby');
    const label =
      el.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
      el.closest('label')?.textContent ??
      '';
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role'),
      name: (label || '').trim(),
      text: (el.textContent ?? '').trim(),
      visible: rect.width > 0 && rect.height > 0,
      // A focus indicator: an outline or a box-shadow ring (WCAG 2.4.7).
      // (Date and time inputs are exempt: the browser highlights the segment being edited.)
      outlined:
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none' ||
        /^(date|datetime-local|time)$/.test((el as HTMLInputElement).type ?? ''),
    };
  });
}

/** Presses Tab until `match` holds for the focused element; every stop on the way must be visible and show focus. */
async function tabTo(
  page: Page,
  what: string,
  match: (f: Focused) => boolean,
  maxTabs = 80,
): Promise<Focused> {
  for (let i = 0; i < maxTabs; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (f.tag === 'body') continue;
    expect(f.visible, `focus stop ${i} (${f.tag} "${f.name || f.text.slice(0, 40)}") is visible`).toBe(true);
    expect(
      f.outlined,
      `focus stop ${i} (${f.tag} "${f.name || f.text.slice(0, 40)}") shows a focus indicator`,
    ).toBe(true);
    if (match(f)) return f;
  }
  throw new Error(`${what} was not reached with ${maxTabs} presses of Tab`);
}

async function chooseByKeyboard(page: Page, label: 'From' | 'To', text: string): Promise<void> {
  await tabTo(page, `the ${label} box`, (f) => f.role === 'combobox' && f.name.startsWith(label));
  await page.keyboard.type(text, { delay: 30 });
  const list = page.getByRole('listbox', { name: `${label} suggestions` });
  await expect(list.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(list.getByRole('option', { selected: true })).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: label, exact: true })).toHaveValue(new RegExp(text, 'i'));
}

test('Keyboard only: plan → results → journey details → step instructions', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Your Journey' })).toBeVisible();

  // The first Tab reaches the skip link, and it moves focus into the main content.
  await page.keyboard.press('Tab');
  const skip = await focused(page);
  expect(skip.text).toBe('Skip to main content');
  await page.keyboard.press('Enter');
  expect(
    await page.evaluate(
      () => !!document.activeElement?.closest('main') || document.activeElement?.tagName === 'MAIN',
    ),
  ).toBe(true);

  // The cookie banner can be dismissed from the keyboard.
  const cookies = page.getByRole('button', { name: 'Accept Cookies' });
  await expect(cookies).toBeVisible();
  await tabTo(page, 'Accept Cookies', (f) => f.text === 'Accept Cookies');
  await page.keyboard.press('Enter');
  await expect(cookies).toHaveCount(0);
  await page.keyboard.press('Shift+Tab');

  // A street, not a stop: the journey must start with a walk, which has instructions to open.
  await chooseByKeyboard(page, 'From', 'Dalfaber');
  await chooseByKeyboard(page, 'To', 'Kingussie');
  await tabTo(page, 'the terms checkbox', (f) => f.tag === 'input' && /Terms and Conditions/.test(f.name));
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: /I accept the Terms and Conditions/ })).toBeChecked();
  await tabTo(page, 'Find Routes & Times', (f) => f.text === 'Find Routes & Times');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/search\/[0-9a-f]+\/results$/);
  await expect(page.getByText('Gathering your results')).toHaveCount(0, { timeout: 90_000 });

  // Results: Tab to the first journey option and open it with Enter.
  const firstOption = page.locator('.journey-card h2 a').first();
  await expect(firstOption).toBeVisible();
  const optionName = (await firstOption.textContent())?.trim() ?? '';
  await tabTo(page, 'the first journey option', (f) => f.tag === 'a' && f.text === optionName, 120);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/results\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Journey details', level: 1 })).toBeVisible();

  // Details: a step's turn-by-turn instructions open and close from the keyboard.
  await expect(page.getByRole('button', { name: /Show instructions/ }).first()).toBeVisible();
  await tabTo(page, 'Show instructions', (f) => f.tag === 'button' && /Show instructions/.test(f.text), 150);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /Hide instructions/ }).first()).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(page.locator('ol.directions').first()).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.locator('ol.directions')).toHaveCount(0);
  // And back to the results through the breadcrumb, still by keyboard.
  await tabTo(
    page,
    'the Select journey option breadcrumb',
    (f) => f.tag === 'a' && f.text === 'Select journey option',
    200,
  );
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/results$/);
});
