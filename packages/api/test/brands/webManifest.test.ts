// Feature under test: each brand's web app manifest — its names, its logo as the icon, its theme colours.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBrands } from '../../src/brands/brandRegistry.ts';
import { buildWebManifest, findThemeVariable } from '../../src/brands/webManifest.ts';

const { registry } = loadBrands(resolve(import.meta.dirname, '../../../../brands'));

describe('buildWebManifest', () => {
  it.each(registry.list().map((b) => [b.settings.brand, b] as const))(
    'dresses %s in its own name, logo and header colour',
    (_id, brand) => {
      const css = readFileSync(registry.findAsset(brand, 'theme.css')!, 'utf8');
      const manifest = buildWebManifest(brand.settings, css);
      expect(manifest.name).toBe(brand.settings.title);
      expect(manifest.short_name).toBe(brand.settings.shortTitle);
      expect(manifest.theme_color).toBe(findThemeVariable(css, '--brand-header-bg'));
      expect(manifest.theme_color).toMatch(/^#[0-9a-f]{3,8}$/i);
      expect(manifest.icons[0]).toMatchObject({ src: '/v1/brand/logo.svg', type: 'image/svg+xml' });
      expect(manifest.start_url).toBe('/');
    },
  );

  it('falls back to white when a theme sets no header or surface colour', () => {
    const manifest = buildWebManifest(registry.list()[0]!.settings, ':root { --brand-link: #123456; }');
    expect(manifest.theme_color).toBe('#ffffff');
    expect(manifest.background_color).toBe('#ffffff');
  });
});

describe('findThemeVariable', () => {
  it('reads a variable and not one whose name merely starts the same', () => {
    const css = ':root { --brand-header-bg-dark: #000; --brand-header-bg: #26402b; }';
    expect(findThemeVariable(css, '--brand-header-bg')).toBe('#26402b');
  });
});
