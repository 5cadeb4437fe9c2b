// Feature under test: corrupt or partial region data — `cairn serve` refuses to run, with a message naming what is wrong, instead of accepting searches it cannot plan.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startCairn, stopCairn, waitUntil } from './faultKit.ts';

const REGION = resolve(import.meta.dirname, '../../../../regions/cairngorms/build');
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-corrupt-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A copy of the demo region with `damage` applied. */
function damagedRegion(name: string, damage: (regionDir: string) => void): string {
  const copy = join(dir, name);
  cpSync(REGION, copy, { recursive: true });
  damage(copy);
  return copy;
}

/** Starts `cairn serve` on the region; answers its exit code and output (or fails if it keeps running). */
async function serveOn(regionDir: string): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const p = startCairn(['serve'], {
    REGION_DIR: regionDir,
    DATA_DIR: join(dir, `data-${port}`),
    PGLITE_DIR: 'memory://',
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  try {
    const code = await Promise.race([
      p.exited,
      new Promise<'running'>((r) => setTimeout(() => r('running'), 150_000)),
    ]);
    if (code === 'running') {
      await stopCairn(p);
      throw new Error(`cairn serve kept running on a damaged region:\n${p.output().slice(0, 2000)}`);
    }
    return { code, output: p.output() };
  } finally {
    await stopCairn(p);
  }
}

describe.runIf(existsSync(join(REGION, 'region.json')))('corrupt or partial region data', () => {
  it('a truncated region.json: exits 1 naming region.json', async () => {
    const region = damagedRegion('truncated-config', (d) => {
      const text = readFileSync(join(d, 'region.json'), 'utf8');
      writeFileSync(join(d, 'region.json'), text.slice(0, Math.floor(text.length / 2)));
    });
    const r = await serveOn(region);
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/cannot start/);
    expect(r.output).toMatch(/region\.json/);
  }, 200_000);

  it('a missing OSM extract: exits 1 naming the file', async () => {
    const region = damagedRegion('no-osm', (d) => rmSync(join(d, 'cairngorms.osm')));
    const r = await serveOn(region);
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/cannot start/);
    expect(r.output).toMatch(/cairngorms\.osm/);
  }, 200_000);

  it('an unreadable feed (stops.txt gone): serves the rest and logs which feed is not used', async () => {
    const region = damagedRegion('no-ferry-stops', (d) => rmSync(join(d, 'gtfs/ferry/stops.txt')));
    const port = await freePort();
    const p = startCairn(['serve'], {
      REGION_DIR: region,
      DATA_DIR: join(dir, `data-${port}`),
      PGLITE_DIR: 'memory://',
      PORT: String(port),
      HOST: '127.0.0.1',
    });
    try {
      await waitUntil(
        async () => (await fetch(`http://127.0.0.1:${port}/v1/ready`)).status === 200,
        150_000,
        'ready',
      );
      await waitUntil(() => /region data problem/.test(p.output()), 10_000, 'the warning');
      expect(p.output()).toMatch(/"warning":"feed ferry: required file is missing/);
    } finally {
      await stopCairn(p);
    }
  }, 200_000);

  it('a region folder that does not exist: exits 1 naming the folder', async () => {
    const r = await serveOn(join(dir, 'nowhere'));
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/nowhere/);
  }, 200_000);
});
