import { gtfsDate } from './calendar.ts';
import type { Validity } from './calendar.ts';
import { distanceM, fmtCoord, polylineLengthM } from './geo.ts';
import type { Point } from './geo.ts';
import type { DemoNetwork } from './network.ts';
import { FEED_IDS } from './model.ts';
import type { DemoService, DemoStop, FeedId } from './model.ts';

/*
 * Writes the demo network as GTFS text, one folder per feed. Rail and city feeds carry GTFS fares
 * v1 (fare_attributes / fare_rules); the other modes are priced by region.json fare rules. The
 * flex feed adds GTFS-Flex booking_rules.txt and locations.geojson for readers that know Flex.
 */

type Row = (string | number)[];

const csvCell = (v: string | number): string => {
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (header: string[], rows: Row[]): string =>
  [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';

const timeText = (sec: number): string => {
  const h = Math.floor(sec / 3600);
  const m = Math.floor(sec / 60) % 60;
  const s = sec % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
};

/** Illustrative rail fare: a boarding charge plus a rate per track km (track ≈ 1.25 × straight line), to the next 10p. */
export function railFarePence(a: Point, b: Point): number {
  const km = (distanceM(a, b) * 1.25) / 1000;
  return Math.round((300 + 18 * km) / 10) * 10;
}

export const CITY_FARES = {
  tramCityPence: 200,
  tramAirportPence: 750,
  subwayPence: 180,
} as const;

export interface FlexZones {
  drt: Point[];
  community: Point[];
}

export interface GtfsFiles {
  /** feed id → file name → text */
  feeds: Record<FeedId, Record<string, string>>;
}

export function writeGtfs(
  network: DemoNetwork,
  services: readonly DemoService[],
  validity: Validity,
  zones: FlexZones,
  meta: { seed: number; date: string },
): GtfsFiles {
  const feeds = {} as GtfsFiles['feeds'];
  for (const feed of FEED_IDS) {
    const files: Record<string, string> = {};
    const agencies = network.agencies.filter((a) => a.feed === feed);
    const routes = network.routes.filter((r) => r.feed === feed);
    const routeIds = new Set(routes.map((r) => r.id));
    const trips = network.trips.filter((t) => routeIds.has(t.routeId));
    const usedStopIds = new Set(trips.flatMap((t) => t.stopTimes.map((st) => st.stopId)));
    const usedParents = new Set(
      network.stops.filter((s) => usedStopIds.has(s.id) && s.parentId).map((s) => s.parentId),
    );
    const stops = network.stops.filter(
      (s) => s.feed === feed && (usedStopIds.has(s.id) || usedParents.has(s.id)),
    );
    const serviceIds = new Set(trips.map((t) => t.serviceId));
    const feedServices = services.filter((s) => serviceIds.has(s.id));
    const shapeIds = new Set(trips.map((t) => t.shapeId));
    const shapes = network.shapes.filter((s) => shapeIds.has(s.id));

    files['agency.txt'] = csv(
      ['agency_id', 'agency_name', 'agency_url', 'agency_timezone', 'agency_lang', 'agency_phone'],
      agencies.map((a) => [a.id, a.name, a.url, 'Europe/London', 'en', a.phone]),
    );
    files['stops.txt'] = csv(
      [
        'stop_id',
        'stop_code',
        'stop_name',
        'stop_desc',
        'stop_lat',
        'stop_lon',
        'zone_id',
        'location_type',
        'wheelchair_boarding',
        'parent_station',
        'platform_code',
      ],
      stops.map((s) => [
        s.id,
        s.code,
        s.name,
        stopDesc(s),
        fmtCoord(s.lat),
        fmtCoord(s.lon),
        s.zoneId ?? '',
        s.locationType ?? 0,
        s.wheelchair,
        s.parentId ?? '',
        s.platformCode ?? '',
      ]),
    );
    files['routes.txt'] = csv(
      [
        'route_id',
        'agency_id',
        'route_short_name',
        'route_long_name',
        'route_desc',
        'route_type',
        'route_url',
        'route_color',
        'route_text_color',
      ],
      routes.map((r) => [
        r.id,
        r.agencyId,
        r.shortName,
        r.longName,
        r.desc,
        r.type,
        agencies.find((a) => a.id === r.agencyId)!.url,
        r.color,
        r.textColor,
      ]),
    );
    files['trips.txt'] = csv(
      [
        'route_id',
        'service_id',
        'trip_id',
        'trip_headsign',
        'direction_id',
        'shape_id',
        'wheelchair_accessible',
        'bikes_allowed',
      ],
      trips.map((t) => [
        t.routeId,
        t.serviceId,
        t.id,
        t.headsign,
        t.directionId,
        t.shapeId,
        t.wheelchair ?? 1,
        feed === 'city' ? 2 : 1,
      ]),
    );
    const bookingRule = feed === 'flex' ? 'CT1-BOOKING' : '';
    files['stop_times.txt'] = csv(
      [
        'trip_id',
        'arrival_time',
        'departure_time',
        'stop_id',
        'stop_sequence',
        'pickup_type',
        'drop_off_type',
        'timepoint',
        ...(feed === 'flex' ? ['pickup_booking_rule_id', 'drop_off_booking_rule_id'] : []),
      ],
      trips.flatMap((t) =>
        t.stopTimes.map((st, i) => [
          t.id,
          timeText(st.arrSec),
          timeText(st.depSec),
          st.stopId,
          i + 1,
          st.pickupType,
          st.dropOffType,
          1,
          ...(feed === 'flex' ? [bookingRule, bookingRule] : []),
        ]),
      ),
    );
    files['calendar.txt'] = csv(
      [
        'service_id',
        'monday',
        'tuesday',
        'wednesday',
        'thursday',
        'friday',
        'saturday',
        'sunday',
        'start_date',
        'end_date',
      ],
      feedServices.map((s) => [s.id, ...s.days, gtfsDate(s.start), gtfsDate(s.end)]),
    );
    files['calendar_dates.txt'] = csv(
      ['service_id', 'date', 'exception_type'],
      feedServices.flatMap((s) => s.exceptions.map((e) => [s.id, gtfsDate(e.day), e.type])),
    );
    files['shapes.txt'] = csv(
      ['shape_id', 'shape_pt_lat', 'shape_pt_lon', 'shape_pt_sequence', 'shape_dist_traveled'],
      shapes.flatMap((s) =>
        s.points.map((p, i) => [
          s.id,
          fmtCoord(p.lat),
          fmtCoord(p.lon),
          i + 1,
          Math.round(polylineLengthM(s.points.slice(0, i + 1))),
        ]),
      ),
    );
    files['feed_info.txt'] = csv(
      [
        'feed_publisher_name',
        'feed_publisher_url',
        'feed_lang',
        'feed_start_date',
        'feed_end_date',
        'feed_version',
        'feed_contact_url',
      ],
      [
        [
          'Cairn demo data generator - DEMO DATA, NOT REAL TIMETABLES',
          'https://cairn.demo.example/',
          'en',
          gtfsDate(validity.start),
          gtfsDate(validity.end),
          `demo-${feed}-seed${meta.seed}-${meta.date}`,
          'https://cairn.demo.example/demo-data',
        ],
      ],
    );

    if (feed === 'rail') {
      // Interchange times at the main stations (same-stop transfers).
      const hubs = ['INV', 'AVM', 'PTH', 'STG', 'DEE', 'ABD', 'EDB', 'HYM', 'GLQ', 'INK', 'LDY', 'KDY'];
      files['transfers.txt'] = csv(
        ['from_stop_id', 'to_stop_id', 'transfer_type', 'min_transfer_time'],
        hubs
          .filter((c) => usedStopIds.has(`rail:${c}`))
          .map((c) => [`rail:${c}`, `rail:${c}`, 2, c === 'EDB' || c === 'GLQ' ? 600 : 300]),
      );
      Object.assign(files, railFares(stops, agencies, routes, trips));
    }
    if (feed === 'city') Object.assign(files, cityFares());
    if (feed === 'flex') Object.assign(files, flexFiles(zones));
    feeds[feed] = files;
  }
  return { feeds };
}

function stopDesc(s: DemoStop): string {
  switch (s.kind) {
    case 'rail':
      return `Railway station (${s.code})`;
    case 'tram':
      return 'Tram stop';
    case 'subway':
      return 'Subway station';
    case 'ferry':
      return 'Water bus pier';
    case 'funicular':
      return 'Funicular station';
    case 'coach':
      return 'Coach stop';
    default:
      return 'Bus stop';
  }
}

/**
 * Station-to-station fares per operator: each agency sells tickets between the stations its own
 * trains call at, named by agency_id, so every train has a fare. The first agency (the main
 * operator) keeps the short ids R-<from>-<to>; the others are R-<agency>-<from>-<to>. A ticket is
 * valid with changes (empty `transfers`) but only on its own agency's trains, so a journey mixing
 * operators gets a ticket per operator and never a through ticket.
 */
function railFares(
  stops: readonly DemoStop[],
  agencies: readonly { id: string }[],
  routes: readonly { id: string; agencyId: string }[],
  trips: readonly { routeId: string; stopTimes: readonly { stopId: string }[] }[],
): Record<string, string> {
  const attrs: Row[] = [];
  const rules: Row[] = [];
  agencies.forEach((agency, i) => {
    const routeIds = new Set(routes.filter((r) => r.agencyId === agency.id).map((r) => r.id));
    const served = new Set(
      trips.filter((t) => routeIds.has(t.routeId)).flatMap((t) => t.stopTimes.map((st) => st.stopId)),
    );
    // One per fare zone: the platforms of a station (generator/accessibility.ts) share its zone.
    const own = [...new Map(stops.filter((s) => served.has(s.id)).map((s) => [s.zoneId, s])).values()];
    const prefix = i === 0 ? 'R' : `R-${agency.id}`;
    for (const a of own) {
      for (const b of own) {
        if (a.id === b.id) continue;
        const fareId = `${prefix}-${a.code}-${b.code}`;
        attrs.push([fareId, (railFarePence(a, b) / 100).toFixed(2), 'GBP', 1, '', agency.id]);
        rules.push([fareId, '', a.zoneId!, b.zoneId!]);
      }
    }
  });
  return {
    'fare_attributes.txt': csv(
      ['fare_id', 'price', 'currency_type', 'payment_method', 'transfers', 'agency_id'],
      attrs,
    ),
    'fare_rules.txt': csv(['fare_id', 'route_id', 'origin_id', 'destination_id'], rules),
  };
}

function cityFares(): Record<string, string> {
  const gbp = (p: number) => (p / 100).toFixed(2);
  return {
    'fare_attributes.txt': csv(
      ['fare_id', 'price', 'currency_type', 'payment_method', 'transfers', 'agency_id'],
      [
        ['TRAM-CITY', gbp(CITY_FARES.tramCityPence), 'GBP', 1, 0, 'DET'],
        ['TRAM-AIRPORT', gbp(CITY_FARES.tramAirportPence), 'GBP', 1, 0, 'DET'],
        ['SUBWAY-SINGLE', gbp(CITY_FARES.subwayPence), 'GBP', 1, 0, 'DGS'],
      ],
    ),
    'fare_rules.txt': csv(
      ['fare_id', 'route_id', 'origin_id', 'destination_id'],
      [
        ['TRAM-CITY', 'TRAM', 'EDI-CITY', 'EDI-CITY'],
        ['TRAM-AIRPORT', 'TRAM', 'EDI-AIRPORT', 'EDI-CITY'],
        ['TRAM-AIRPORT', 'TRAM', 'EDI-CITY', 'EDI-AIRPORT'],
        ['SUBWAY-SINGLE', 'SUBWAY-OUTER', '', ''],
        ['SUBWAY-SINGLE', 'SUBWAY-INNER', '', ''],
      ],
    ),
  };
}

function flexFiles(zones: FlexZones): Record<string, string> {
  const ring = (pts: Point[]) => pts.map((p) => [Number(p.lon.toFixed(5)), Number(p.lat.toFixed(5))]);
  const geojson = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        id: 'deeside-drt-zone',
        properties: { stop_name: 'Deeside Dial-a-Ride zone (demo)' },
        geometry: { type: 'Polygon', coordinates: [ring(zones.drt)] },
      },
      {
        type: 'Feature',
        id: 'badenoch-ct-zone',
        properties: { stop_name: 'Badenoch & Strathspey community transport area (demo)' },
        geometry: { type: 'Polygon', coordinates: [ring(zones.community)] },
      },
    ],
  };
  return {
    'booking_rules.txt': csv(
      [
        'booking_rule_id',
        'booking_type',
        'prior_notice_duration_min',
        'prior_notice_last_day',
        'prior_notice_last_time',
        'message',
        'phone_number',
        'info_url',
        'booking_url',
      ],
      [
        [
          'DRT-BOOKING',
          1,
          60,
          '',
          '',
          'Demo service: book at least 60 minutes ahead online or by phone.',
          '01632 960301',
          'https://deeside-dial-a-ride.demo.example/',
          'https://deeside-dial-a-ride.demo.example/book',
        ],
        [
          'CT1-BOOKING',
          2,
          '',
          1,
          '16:00:00',
          'Demo service: book by 16:00 the day before; members only.',
          '01632 960302',
          'https://community-transport.demo.example/',
          'https://community-transport.demo.example/book',
        ],
      ],
    ),
    'locations.geojson': JSON.stringify(geojson, null, 1) + '\n',
  };
}
