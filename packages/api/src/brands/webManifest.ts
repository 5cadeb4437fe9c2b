import type { BrandSettings } from '@cairn/contracts';

/** A web app manifest (W3C Web Application Manifest): the fields Cairn fills in. */
export type WebManifest = {
  id: string;
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};

/** A CSS custom property's value in a brand's theme.css, or undefined when it does not set it. */
export function findThemeVariable(themeCss: string, name: string): string | undefined {
  const escaped = name.replace(/[-]/g, '\\-');
  return new RegExp(`${escaped}\\s*:\\s*([^;}]+)`).exec(themeCss)?.[1]?.trim();
}

/**
 * The brand's manifest: its title and short title, its logo as the icon (an SVG scales to every
 * size the device asks for) and its header colour as the theme colour, so the installed app and
 * its title bar look like the site.
 */
export function buildWebManifest(brand: BrandSettings, themeCss: string): WebManifest {
  return {
    id: '/',
    name: brand.title,
    short_name: brand.shortTitle,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: findThemeVariable(themeCss, '--brand-header-bg') ?? '#ffffff',
    background_color: findThemeVariable(themeCss, '--brand-surface') ?? '#ffffff',
    icons: [{ src: '/v1/brand/logo.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  };
}
