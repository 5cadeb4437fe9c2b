// Feature under test: directions built once as structured data, rendered as text and as HTML.
import { describe, expect, it } from 'vitest';
import type { DirectionParts } from '@cairn/contracts';
import { directionHtml, directionPieces, directionText } from '../../src/format/directions.ts';

const d = (parts: Omit<DirectionParts, 'distance_m'>): DirectionParts => ({ distance_m: 120, ...parts });

describe('direction renderers', () => {
  it.each<[DirectionParts, string, string]>([
    [
      d({ action: 'depart', heading: 'north', street: 'High Street' }),
      'Head north on High Street',
      'Head <b>north</b> on <b>High Street</b>',
    ],
    [
      d({ action: 'depart', street: 'High Street' }),
      'Head along High Street',
      'Head along <b>High Street</b>',
    ],
    [
      d({ action: 'straight', street: 'Mill Lane' }),
      'Continue onto Mill Lane',
      'Continue onto <b>Mill Lane</b>',
    ],
    [
      d({ action: 'turn-sharp-left', street: 'Mill Lane' }),
      'Turn sharp left onto Mill Lane',
      'Turn <b>sharp left</b> onto <b>Mill Lane</b>',
    ],
    [
      d({ action: 'uturn', street: 'Mill Lane' }),
      'Make a U-turn onto Mill Lane',
      'Make a <b>U-turn</b> onto <b>Mill Lane</b>',
    ],
    [d({ action: 'ferry' }), 'Take the ferry', 'Take the <b>ferry</b>'],
    [d({ action: 'roundabout' }), 'Enter the roundabout', 'Enter the <b>roundabout</b>'],
    [
      d({ action: 'roundabout', exit: 2, street: 'North Road' }),
      'At the roundabout, take the second exit onto North Road',
      'At the roundabout, take the <b>second</b> exit onto <b>North Road</b>',
    ],
    [
      d({ action: 'roundabout', exit: 11, street: 'North Road' }),
      'At the roundabout, take the 11th exit onto North Road',
      'At the roundabout, take the <b>11th</b> exit onto <b>North Road</b>',
    ],
    [d({ action: 'turn-left' }), 'Turn left onto unnamed road', 'Turn <b>left</b> onto <b>unnamed road</b>'],
    [
      d({ action: 'walk-to', street: 'Aviemore station' }),
      'Walk to Aviemore station',
      'Walk to Aviemore station',
    ],
    [
      { action: 'walk-unmapped', distance_m: 50 },
      'Walk about 50 yards (no mapped path)',
      'Walk about 50 yards (no mapped path)',
    ],
  ])('%j → %s', (parts, text, html) => {
    expect(directionText(parts)).toBe(text);
    expect(directionHtml(parts)).toBe(html);
  });

  it('escapes street names in HTML and leaves the text as written', () => {
    const parts = d({ action: 'turn-right', street: `Fish & Chip <Row> "Old" Mill's` });
    expect(directionText(parts)).toBe(`Turn right onto Fish & Chip <Row> "Old" Mill's`);
    expect(directionHtml(parts)).toBe(
      'Turn <b>right</b> onto <b>Fish &amp; Chip &lt;Row&gt; &quot;Old&quot; Mill&#39;s</b>',
    );
    expect(directionHtml(d({ action: 'walk-to', street: 'A&B <stop>' }))).toBe(
      'Walk to A&amp;B &lt;stop&gt;',
    );
  });

  it('marks the turn and the road as the strong pieces', () =>
    expect(directionPieces(d({ action: 'turn-left', street: 'Mill Lane' }))).toEqual([
      { text: 'Turn ', strong: false },
      { text: 'left', strong: true },
      { text: ' onto ', strong: false },
      { text: 'Mill Lane', strong: true },
    ]));
});
