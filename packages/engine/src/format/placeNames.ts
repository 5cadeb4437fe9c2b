/** What a label needs of a place (a journey's PlacePoint has both); the formatters import no journey model. */
interface Named {
  name: string;
  stopKind?: 'station' | 'stop';
}

const same = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A stop's name that says what it is: "Aviemore" station becomes "Aviemore station". */
function stopName(p: Named): string {
  const word = p.stopKind ?? 'stop';
  return new RegExp(`\\b${word}\\b`, 'i').test(p.name) ? p.name : `${p.name} ${word}`;
}

/**
 * The names of a step's two ends as a label shows them. They are the places' own names, except
 * that a station or stop named after the place at the other end ("Aviemore" station, in Aviemore)
 * is called "Aviemore station", so that no label reads "Aviemore to Aviemore".
 */
export function endNames(from: Named, to: Named): { from: string; to: string } {
  if (!same(from.name, to.name)) return { from: from.name, to: to.name };
  return {
    from: from.stopKind ? stopName(from) : from.name,
    to: to.stopKind && !from.stopKind ? stopName(to) : to.name,
  };
}

/** "X to Y" for a step's label; "around X" when both ends still share one name (no stop to tell apart). */
export function fromToText(from: Named, to: Named): string {
  const n = endNames(from, to);
  return same(n.from, n.to) ? `around ${n.from}` : `${n.from} to ${n.to}`;
}

/** "from X to Y" inside a step's description; "around X" when both ends share one name. */
export function fromToPhrase(from: Named, to: Named): string {
  const n = endNames(from, to);
  return same(n.from, n.to) ? `around ${n.from}` : `from ${n.from} to ${n.to}`;
}
