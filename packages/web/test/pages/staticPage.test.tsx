// @vitest-environment jsdom
// Feature under test: issue #15 finding 13 — brand pages are markdown written by an operator; raw HTML in them is sanitized before it reaches the page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import StaticPage from '../../src/pages/StaticPage.tsx';
import { renderRoutes, stubFetch } from '../support/harness.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('brand markdown with raw HTML', () => {
  it('renders the text but no script, event handler or javascript: link', async () => {
    const markdown = [
      '# About',
      '',
      'Plain **text** stays.',
      '',
      '<script>window.__owned = true</script>',
      '<img src="x" onerror="window.__owned = true">',
      '<a href="javascript:window.__owned = true">click</a>',
      '[md link](javascript:alert(1))',
      '<iframe src="https://evil.example"></iframe>',
    ].join('\n');
    stubFetch((_m, url) =>
      url.pathname === '/v1/pages/about'
        ? { body: { data: { id: 'about', title: 'About', markdown } } }
        : undefined,
    );
    const { container } = renderRoutes([{ path: '/about', element: <StaticPage id="about" /> }], '/about');
    expect(await screen.findByText('text')).toBeTruthy();
    const article = container.querySelector('article')!;
    expect(article.querySelectorAll('script, iframe, object, embed')).toHaveLength(0);
    for (const el of article.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        expect(attr.name.startsWith('on'), attr.name).toBe(false);
        expect(attr.value.trim().toLowerCase().startsWith('javascript:'), attr.value).toBe(false);
      }
    }
    expect((window as { __owned?: boolean }).__owned).toBeUndefined();
  });
});
