// @vitest-environment jsdom
// Feature under test: the tag-manager container (SPEC §7) loads only after Accept Cookies.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { RegionInfo } from '@cairn/contracts';
import { ConfigProvider } from '../../src/brand/ConfigContext.tsx';
import { CookieBanner } from '../../src/layout/CookieBanner.tsx';
import { deleteCookie, readCookie } from '../../src/privacy/cookies.ts';
import { TagManager } from '../../src/privacy/TagManager.tsx';
import { CONSENT_COOKIE } from '../../src/privacy/storedItems.ts';
import { accountBrand, testRegion } from '../support/harness.tsx';

const CONTAINER = 'https://tags.example.com/gtm.js?id=GTM-ABC123';
const region = testRegion;

function renderFrame(tagManagerUrl: string | null) {
  render(
    <ConfigProvider config={{ brand: { ...accountBrand(), tagManagerUrl }, region: region as RegionInfo }}>
      <MemoryRouter>
        <CookieBanner />
        <TagManager />
      </MemoryRouter>
    </ConfigProvider>,
  );
}

const containerScripts = () => [...document.querySelectorAll('script')].filter((s) => s.src === CONTAINER);

beforeEach(() => deleteCookie(CONSENT_COOKIE));
afterEach(() => {
  cleanup();
  for (const script of document.querySelectorAll('script')) script.remove();
  deleteCookie(CONSENT_COOKIE);
});

describe('tag manager', () => {
  it('adds no container before Accept Cookies, and one after', () => {
    renderFrame(CONTAINER);
    expect(containerScripts()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Accept Cookies' }));
    expect(readCookie(CONSENT_COOKIE)).toBe('1');
    expect(screen.queryByRole('button', { name: 'Accept Cookies' })).toBeNull();
    expect(containerScripts()).toHaveLength(1);
    expect(containerScripts()[0]!.async).toBe(true);
  });

  it('loads the container at start when consent was given on an earlier visit', () => {
    document.cookie = `${CONSENT_COOKIE.name}=1; path=/`;
    renderFrame(CONTAINER);
    expect(containerScripts()).toHaveLength(1);
  });

  it('loads nothing for a brand without a container, consent or not', () => {
    renderFrame(null);
    fireEvent.click(screen.getByRole('button', { name: 'Accept Cookies' }));
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});
