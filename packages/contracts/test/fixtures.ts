// The contract's example journeys, one home for the API and web tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Journey } from '@cairn/contracts';

const DIR = join(import.meta.dirname, 'fixtures/journeys');

/** Names of the fixture journeys (file names without .json). */
export const FIXTURE_NAMES = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));

/** A named fixture journey, checked against the contracts' Journey schema. */
export function loadJourney(name: string): Journey {
  return Journey.parse(JSON.parse(readFileSync(join(DIR, `${name}.json`), 'utf8')));
}
