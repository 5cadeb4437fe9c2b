import { type BrandSettings, type PlaceSuggestion, type Profile, type SearchRequest } from '@cairn/contracts';
import type { MapFeatureCollection, NoJourneyReason, Planner, PlanResult, UnplacedEnd } from '@cairn/engine';
// The fixture journeys are the contract's, shared with the web tests.
import { loadJourney } from '../../../contracts/test/fixtures.ts';

export interface PlanCall {
  request: SearchRequest;
  profile: Profile | null;
  brand: string;
}

export interface TestPlanner extends Planner {
  calls: PlanCall[];
  /** Make the next plans throw (a planner failure). */
  failing: boolean;
  /** How many journeys each plan answers; with 0, plan says nothing runs ('no service'). */
  journeyCount: number;
  /** With journeyCount 0: the reason plan gives instead of 'no service'. */
  emptyWhy?: NoJourneyReason;
  /** With journeys: why none is by public transport (PlanResult noPublicTransport), when set. */
  noPublicTransport?: Extract<NoJourneyReason, { reason: 'no stop near' | 'no service' }>;
  /** The region's facts, settable: the API reads its time zone from here. */
  region: { timeZone: string };
  delayMs: number;
}

const PLACES: PlaceSuggestion[] = [
  {
    id: 'p1',
    label: 'Aviemore',
    description: 'Town, Highland',
    kind: 'place',
    location: { lat: 57.1953, lng: -3.8286 },
  },
  {
    id: 'p2',
    label: 'Aviemore Station',
    description: 'Railway station, Aviemore',
    kind: 'station',
    location: { lat: 57.1889, lng: -3.8286 },
  },
  {
    id: 'p3',
    label: 'Glenmore',
    description: 'Village, Highland',
    kind: 'place',
    location: { lat: 57.1665, lng: -3.692 },
  },
];

/**
 * A small planner for the API tests: it answers copies of a fixture journey dressed with the
 * request's places and dates. The real engine replaces it when the demo region is built.
 */
export function createTestPlanner(): TestPlanner {
  const fixture = loadJourney('walk-bus-walk-return');
  const planner: TestPlanner = {
    calls: [],
    failing: false,
    journeyCount: 3,
    delayMs: 0,
    warnings: [],
    region: { timeZone: 'Europe/London' },
    async plan(request: SearchRequest, profile: Profile | null, brand: BrandSettings): Promise<PlanResult> {
      // Only the made-up place of the tests is unknown: other test texts stand for real places.
      const unplaced: UnplacedEnd[] = (['origin', 'destination'] as const)
        .filter((end) => /xyzzy/i.test(request[end]))
        .map((end) => ({
          end,
          problem: 'not found',
          message: `We couldn't find "${request[end]}". Try a town, village, station or street in Test region.`,
        }));
      if (unplaced.length > 0)
        return { found: false, journeys: [], why: { reason: 'unplaced', ends: unplaced } };
      // Like the engine, a search with an unplaced end is not planned: `calls` counts planned searches.
      planner.calls.push({ request, profile, brand: brand.brand });
      if (planner.delayMs) await new Promise((r) => setTimeout(r, planner.delayMs));
      if (planner.failing) throw new Error('test planner told to fail');
      const date = request.out_time.slice(0, 10).replace(/\//g, '-');
      // Like the engine, nothing running names the next departure from the start (here, none that week).
      if (planner.journeyCount === 0)
        return {
          found: false,
          journeys: [],
          why: planner.emptyWhy ?? { reason: 'no service', date, next: null },
        };
      const journeys = Array.from({ length: planner.journeyCount }, (_, i) => ({
        ...fixture,
        id: `test-${i}`,
        origin: request.origin,
        destination: request.destination,
        cost_pence: (fixture.cost_pence ?? 0) + i * 100,
        depart: { ...fixture.depart, departure_date: date },
        return: request.return_time
          ? { ...fixture.return!, departure_date: request.return_time.slice(0, 10).replace(/\//g, '-') }
          : null,
      }));
      return {
        found: true,
        journeys,
        ...(planner.noPublicTransport ? { noPublicTransport: planner.noPublicTransport } : {}),
      };
    },
    autocomplete(q: string, limit: number) {
      return PLACES.filter((p) => p.label.toLowerCase().includes(q.toLowerCase())).slice(0, limit);
    },
    findPlace(text: string) {
      return this.autocomplete(text, 1)[0];
    },
    reverse(lat: number, lng: number) {
      const d = (p: PlaceSuggestion) => (p.location.lat - lat) ** 2 + (p.location.lng - lng) ** 2;
      const nearest = [...PLACES].sort((a, b) => d(a) - d(b))[0]!;
      return d(nearest) < 0.01 ? nearest : null;
    },
    regionInfo() {
      return {
        id: 'test-region',
        name: 'Test region (fixture data)',
        demo: true,
        bbox: [-3.9, 57.1, -3.6, 57.25] as [number, number, number, number],
        center: { lat: 57.18, lng: -3.76 },
        zoom: 11,
        attribution: '© OpenStreetMap contributors (fixture)',
        time_zone: 'Europe/London',
      };
    },
    mapFeatures(): MapFeatureCollection {
      return {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: {
              type: 'LineString',
              coordinates: [
                [-3.8286, 57.1953],
                [-3.827, 57.196],
                [-3.8, 57.19],
              ],
            },
            properties: { layer: 'street', highway: 'primary', name: 'Grampian Road' },
          },
          {
            type: 'Feature',
            geometry: {
              type: 'LineString',
              coordinates: [
                [-3.8, 57.19],
                [-3.75, 57.18],
                [-3.692, 57.1665],
              ],
            },
            properties: { layer: 'street', highway: 'secondary', name: 'Ski Road' },
          },
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [-3.8286, 57.1889] },
            properties: { layer: 'station', name: 'Aviemore Station', modes: 'train' },
          },
        ],
      };
    },
  };
  return planner;
}
