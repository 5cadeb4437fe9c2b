import { describe, expect, it } from 'vitest';
import { addCompileHints } from '../../scripts/compileHintsPlugin.ts';

const HINT = '//# allFunctionsCalledOnLoad\n';

/** A built chunk as Rollup hands it to generateBundle (the fields the plugin reads). */
function chunk(name: string, imports: string[] = [], isEntry = false) {
  return { type: 'chunk' as const, name, isEntry, imports, code: `export const ${name} = 1;` };
}

describe('compile hints on the start-up chunks', () => {
  it('hint the entry, the journey page and what they import statically, once each', () => {
    const bundle = {
      'index.js': chunk('index', ['hooks.js'], true),
      'JourneyPage.js': chunk('JourneyPage', ['index.js', 'hooks.js', 'notices.js']),
      'hooks.js': chunk('hooks'),
      'notices.js': chunk('notices', ['hooks.js']),
      'JourneyMap.js': chunk('JourneyMap', ['hooks.js']),
      'StaticPage.js': chunk('StaticPage'),
      'index.css': { type: 'asset' as const },
    };
    addCompileHints(bundle);
    const hinted = Object.entries(bundle)
      .filter(([, c]) => c.type === 'chunk' && c.code.startsWith(HINT))
      .map(([file]) => file)
      .sort();
    expect(hinted).toEqual(['JourneyPage.js', 'hooks.js', 'index.js', 'notices.js']);
    expect(bundle['hooks.js'].code).toBe(`${HINT}export const hooks = 1;`);
    expect(bundle['JourneyMap.js'].code).toBe('export const JourneyMap = 1;');
  });
});
