import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BrandSettings, StaticPageId, type StaticPage } from '@cairn/contracts';

export interface Brand {
  settings: BrandSettings;
  /** Folders searched for assets and pages, the brand's own first, then `default`. */
  dirs: string[];
}

export interface BrandIssue {
  file: string;
  message: string;
}

/** The brands of one deployment, read from `brands/<id>/brand.json` merged over `brands/default`. */
export interface BrandRegistry {
  list(): Brand[];
  find(id: string): Brand | undefined;
  /** The brand whose `hosts` include the hostname (without port). */
  findByHost(hostname: string): Brand | undefined;
  findPage(brand: Brand, id: StaticPageId): StaticPage | undefined;
  /** Path of an asset file (`logo.svg`, `theme.css`) of the brand, or its default. */
  findAsset(brand: Brand, name: string): string | undefined;
}

/** Reads every brand folder; invalid brands are reported as issues, not thrown. */
export function loadBrands(brandsDir: string): { registry: BrandRegistry; issues: BrandIssue[] } {
  const issues: BrandIssue[] = [];
  const brands = new Map<string, Brand>();
  const defaultDir = join(brandsDir, 'default');
  const defaults = readJson(join(defaultDir, 'brand.json'), issues) ?? {};
  const ids = existsSync(brandsDir)
    ? readdirSync(brandsDir, { withFileTypes: true })
        .filter(
          (d) => d.isDirectory() && d.name !== 'default' && existsSync(join(brandsDir, d.name, 'brand.json')),
        )
        .map((d) => d.name)
    : [];
  for (const id of ids) {
    const file = join(brandsDir, id, 'brand.json');
    const own = readJson(file, issues);
    if (!own) continue;
    const parsed = BrandSettings.safeParse(mergeDeep(defaults, { brand: id, ...own }));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        issues.push({ file, message: `${issue.path.join('.') || '(root)'}: ${issue.message}` });
      }
      continue;
    }
    brands.set(parsed.data.brand, { settings: parsed.data, dirs: [join(brandsDir, id), defaultDir] });
  }

  // `default` is served as it stands when asked for by name: the neutral brand of a new region.
  const plain = BrandSettings.safeParse({ ...defaults, brand: 'default' });
  const neutral: Brand | undefined = plain.success ? { settings: plain.data, dirs: [defaultDir] } : undefined;
  const registry: BrandRegistry = {
    list: () => [...brands.values()],
    find: (id) => brands.get(id) ?? (id === 'default' ? neutral : undefined),
    findByHost(hostname) {
      const host = hostname.toLowerCase();
      return [...brands.values()].find((b) => b.settings.hosts.some((h) => h.toLowerCase() === host));
    },
    findPage(brand, id) {
      const file = firstExisting(brand.dirs.map((dir) => join(dir, 'pages', `${id}.md`)));
      if (!file) return undefined;
      const markdown = readFileSync(file, 'utf8');
      const heading = /^#\s+(.+)$/m.exec(markdown);
      return { id, title: heading?.[1]?.trim() ?? id, markdown };
    },
    findAsset(brand, name) {
      return firstExisting(brand.dirs.map((dir) => join(dir, name)));
    },
  };
  return { registry, issues };
}

function readJson(file: string, issues: BrandIssue[]): Record<string, unknown> | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (isPlainObject(value)) return value;
    issues.push({ file, message: 'must be a JSON object' });
  } catch (error) {
    issues.push({ file, message: (error as Error).message });
  }
  return undefined;
}

function firstExisting(paths: string[]): string | undefined {
  return paths.find((p) => existsSync(p));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects merge key by key; arrays and scalars of `over` replace those of `base`. */
export function mergeDeep(
  base: Record<string, unknown>,
  over: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prev = out[key];
    out[key] = isPlainObject(prev) && isPlainObject(value) ? mergeDeep(prev, value) : value;
  }
  return out;
}
