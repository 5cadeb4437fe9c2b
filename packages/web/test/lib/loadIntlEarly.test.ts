import { afterEach, describe, expect, it, vi } from 'vitest';

// Issue 31 (point 9): a page's first Intl formatter loads ICU's locale data, tens of milliseconds of
// a phone's main thread. No module of the start-up script may build one as it loads, and the app
// builds its first ones in tasks of their own rather than in the task that draws the page.

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('Intl at start-up', () => {
  it('the Young Scot cut-off text is written as its module loads without any Intl formatter', async () => {
    vi.resetModules();
    const toLocale = vi.spyOn(Date.prototype, 'toLocaleDateString');
    const dateFormat = vi.spyOn(Intl, 'DateTimeFormat');
    const { YOUNG_SCOT_CUTOFF_TEXT } = await import('../../src/account/passes.ts');
    expect(YOUNG_SCOT_CUTOFF_TEXT).toBe('10 January 2022');
    expect(toLocale).not.toHaveBeenCalled();
    expect(dateFormat).not.toHaveBeenCalled();
  });

  it('builds the date formatter in a task of its own, after the call, and no number formatter', async () => {
    vi.resetModules();
    vi.useFakeTimers();
    const dateFormat = vi.spyOn(Intl, 'DateTimeFormat');
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const { loadIntlEarly } = await import('../../src/lib/loadIntlEarly.ts');
    loadIntlEarly();
    expect(dateFormat).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(1);
    vi.runAllTimers();
    expect(dateFormat).toHaveBeenCalledTimes(1);
    // The web writes no amount with Intl (costs come as text): a number formatter is work for nothing.
    expect(numberFormat).not.toHaveBeenCalled();
  });
});
