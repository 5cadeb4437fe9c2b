// Feature under test: directions through a roundabout name the exit taken and the road it leads onto.
import { describe, expect, it } from 'vitest';
import { loadOsmXml } from '../../src/loader/loadOsm.ts';
import { createStreetNetwork, findStreetRoute } from '../../src/streets/streetNetwork.ts';
import { at, osmXml } from '../support/osmFixture.ts';
import { directionHtml, directionText } from '../../src/format/directions.ts';

// A four-arm roundabout; traffic goes clockwise, as in Britain: south → west → north → east.
const xml = osmXml(
  {
    rs: { x: 0, y: -20 },
    rw: { x: -20, y: 0 },
    rn: { x: 0, y: 20 },
    re: { x: 20, y: 0 },
    s0: { x: 0, y: -300 },
    w0: { x: -300, y: 0 },
    n0: { x: 0, y: 300 },
    e0: { x: 300, y: 0 },
  },
  [
    { nodes: ['rs', 'rw', 'rn', 're', 'rs'], tags: { highway: 'primary', junction: 'roundabout' } },
    { nodes: ['s0', 'rs'], tags: { highway: 'primary', name: 'South Road' } },
    { nodes: ['rw', 'w0'], tags: { highway: 'primary', name: 'West Road' } },
    { nodes: ['rn', 'n0'], tags: { highway: 'primary', name: 'North Road' } },
    { nodes: ['re', 'e0'], tags: { highway: 'primary', name: 'East Road' } },
  ],
);
const net = createStreetNetwork(loadOsmXml(xml).graph);

describe('roundabout directions', () => {
  const cases: Array<[string, [number, number], string]> = [
    ['first', [-300, 0], 'West Road'],
    ['second', [0, 300], 'North Road'],
    ['third', [300, 0], 'East Road'],
  ];
  for (const [nth, [x, y], road] of cases) {
    it(`takes the ${nth} exit onto ${road}`, () => {
      const r = findStreetRoute(net, at(0, -300), at(x, y), 'car')!;
      expect(r.directions.map(directionText)).toEqual([
        'Head north on South Road',
        `At the roundabout, take the ${nth} exit onto ${road}`,
      ]);
      expect(directionHtml(r.directions[1]!)).toBe(
        `At the roundabout, take the <b>${nth}</b> exit onto <b>${road}</b>`,
      );
      expect(r.directions[1]!.action).toBe('roundabout');
    });
  }

  it('lets walkers cross without roundabout wording', () => {
    const r = findStreetRoute(net, at(0, -300), at(300, 0), 'foot')!;
    expect(r.directions.some((d) => directionText(d).startsWith('At the roundabout'))).toBe(false);
  });
});
