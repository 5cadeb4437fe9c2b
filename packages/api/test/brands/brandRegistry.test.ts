// Feature under test: brands are data — brand.json merged over brands/default, invalid brands reported, pages and assets found.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBrands, mergeDeep } from '../../src/brands/brandRegistry.ts';

const REAL_BRANDS = resolve(import.meta.dirname, '../../../../brands');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-brands-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write('default/brand.json', readReal('default/brand.json'));
  write('default/pages/about.md', '# About Cairn\n\nDefault text.');
  write('default/logo.svg', '<svg/>');
  write(
    'good/brand.json',
    JSON.stringify({
      title: 'Good',
      shortTitle: 'G',
      contactEmail: 'a@b.org',
      footer: { address: ['1 Road'] },
      hosts: ['good.example'],
    }),
  );
  write('good/pages/about.md', '# About Good\n\nOwn text.');
  write(
    'bad/brand.json',
    JSON.stringify({ contactEmail: 'not-an-email', blockedTravelTypes: ['hovercraft'] }),
  );
  write('broken/brand.json', '{ nope');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function readReal(path: string): string {
  return readFileSync(join(REAL_BRANDS, path), 'utf8');
}

describe('loadBrands', () => {
  it('merges a brand over the default and reports invalid or unreadable brands', () => {
    const { registry, issues } = loadBrands(dir);
    expect(registry.list().map((b) => b.settings.brand)).toEqual(['good']);
    const good = registry.find('good')!;
    expect(good.settings.title).toBe('Good');
    // Nested objects merge key by key: the default's quick links survive the brand's address.
    expect(good.settings.footer.address).toEqual(['1 Road']);
    expect(good.settings.footer.quickLinks.length).toBeGreaterThan(0);
    expect(issues.map((i) => i.file.split('/').slice(-2).join('/')).sort()).toEqual([
      'bad/brand.json',
      'bad/brand.json',
      'broken/brand.json',
    ]);
    expect(issues.some((i) => i.message.startsWith('contactEmail'))).toBe(true);
  });

  it('finds brands by host, pages with their title, and falls back to the default for assets', () => {
    const { registry } = loadBrands(dir);
    const good = registry.find('good')!;
    expect(registry.findByHost('GOOD.example')?.settings.brand).toBe('good');
    expect(registry.findByHost('other.example')).toBeUndefined();
    expect(registry.findPage(good, 'about')).toMatchObject({ id: 'about', title: 'About Good' });
    expect(registry.findPage(good, 'statement')).toBeUndefined();
    expect(registry.findAsset(good, 'logo.svg')).toBe(join(dir, 'default', 'logo.svg'));
  });

  it('loads every brand shipped in brands/ without issues', () => {
    const { registry, issues } = loadBrands(REAL_BRANDS);
    expect(issues).toEqual([]);
    expect(registry.find('cairngorms-explorer')).toBeDefined();
  });

  it("serves brands/default as it stands by name (a new region's neutral brand), without listing it", () => {
    const { registry } = loadBrands(REAL_BRANDS);
    const neutral = registry.find('default');
    expect(neutral?.settings).toMatchObject({ brand: 'default', title: 'Cairn Journey Planner' });
    expect(registry.findAsset(neutral!, 'logo.svg')).toBe(join(REAL_BRANDS, 'default', 'logo.svg'));
    expect(registry.list().map((b) => b.settings.brand)).not.toContain('default');
  });
});

describe('mergeDeep', () => {
  it('replaces arrays and scalars, merges objects', () => {
    expect(mergeDeep({ a: { b: 1, c: [1, 2] }, d: 1 }, { a: { c: [3] }, d: null })).toEqual({
      a: { b: 1, c: [3] },
      d: null,
    });
  });
});
