import type { DirectionParts } from '@cairn/contracts';
import { formatShortDistance } from './distance.ts';
import { escapeHtml } from './html.ts';

/** A run of a direction's words; `strong` runs (the turn, the road) are shown in bold. */
export interface DirectionPiece {
  text: string;
  strong: boolean;
}

const plain = (text: string): DirectionPiece => ({ text, strong: false });
const strong = (text: string): DirectionPiece => ({ text, strong: true });

const TURN_WORDS = {
  'turn-slight-left': 'slight left',
  'turn-slight-right': 'slight right',
  'turn-left': 'left',
  'turn-right': 'right',
  'turn-sharp-left': 'sharp left',
  'turn-sharp-right': 'sharp right',
} as const;

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth'];

/**
 * The wording of a direction, once, as pieces: the text and HTML renderers below and the web's own
 * elements all read it from here.
 */
export function directionPieces(d: DirectionParts): DirectionPiece[] {
  const street = d.street ?? 'unnamed road';
  switch (d.action) {
    case 'depart':
      if (d.heading === undefined) return [plain('Head along '), strong(street)];
      return [plain('Head '), strong(d.heading), plain(' on '), strong(street)];
    case 'straight':
      return [plain('Continue onto '), strong(street)];
    case 'uturn':
      return [plain('Make a '), strong('U-turn'), plain(' onto '), strong(street)];
    case 'ferry':
      return [plain('Take the '), strong('ferry')];
    case 'roundabout':
      if (d.exit === undefined) return [plain('Enter the '), strong('roundabout')];
      return [
        plain('At the roundabout, take the '),
        strong(ORDINALS[d.exit - 1] ?? `${d.exit}th`),
        plain(' exit onto '),
        strong(street),
      ];
    case 'walk-to':
      return [plain(`Walk to ${street}`)];
    case 'walk-unmapped':
      return [plain(`Walk about ${formatShortDistance(d.distance_m)} (no mapped path)`)];
    default:
      return [plain('Turn '), strong(TURN_WORDS[d.action]), plain(' onto '), strong(street)];
  }
}

/** A direction as plain text: "Turn right onto High Street". */
export function directionText(d: DirectionParts): string {
  return directionPieces(d)
    .map((p) => p.text)
    .join('');
}

/** A direction as HTML, the SPEC's html_instructions: "Turn <b>right</b> onto <b>High Street</b>". */
export function directionHtml(d: DirectionParts): string {
  return directionPieces(d)
    .map((p) => (p.strong ? `<b>${escapeHtml(p.text)}</b>` : escapeHtml(p.text)))
    .join('');
}
