import type { Direction } from '@cairn/contracts';
import { directionPieces } from '@cairn/engine/format';
import { stripTags } from '../lib/stripTags.ts';

/**
 * A direction's words, rendered from its structured form with the turn and the road in bold;
 * a direction without one (an older server) falls back to the text of its HTML.
 */
export function DirectionText({ direction }: { direction: Direction }) {
  if (!direction.instruction) return <>{stripTags(direction.html_instructions)}</>;
  return (
    <>{directionPieces(direction.instruction).map((p, i) => (p.strong ? <b key={i}>{p.text}</b> : p.text))}</>
  );
}
