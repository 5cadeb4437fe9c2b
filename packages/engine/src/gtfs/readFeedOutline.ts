import { readAgencies } from './files/agency.ts';
import { readStops } from './files/stops.ts';
import { readFareAttributes } from './files/fareAttributes.ts';
import { readFareProducts } from './files/fareProducts.ts';
import { listFareCurrencies } from './fareCurrencies.ts';
import { openGtfsSource } from './source.ts';
import type { GtfsAgency, GtfsStop } from './types.ts';
import { WarningLog } from './warnings.ts';
import type { FeedWarning } from './warnings.ts';

/** A feed's outline: its agencies, their time zone, its stops and its fares' currencies, without its timetable. */
export type FeedOutline =
  | {
      ok: true;
      agencies: GtfsAgency[];
      timezone: string;
      stops: GtfsStop[];
      currencies: string[];
      warnings: FeedWarning[];
    }
  | { ok: false; message: string };

/** Reads only agency.txt, stops.txt and the fare prices of a GTFS feed (a zip or a folder): enough to describe a region. */
export function readFeedOutline(path: string, feedId: string): FeedOutline {
  const opened = openGtfsSource(
    path,
    new Set(['agency.txt', 'stops.txt', 'fare_attributes.txt', 'fare_products.txt']),
  );
  if (!opened.ok) return { ok: false, message: opened.message };
  const log = new WarningLog(feedId);
  const { agencies, timezone } = readAgencies(opened.source, log);
  const { stops } = readStops(opened.source, log);
  const currencies = listFareCurrencies({
    attributes: readFareAttributes(opened.source, log),
    products: readFareProducts(opened.source, log),
  });
  return { ok: true, agencies, timezone, stops, currencies, warnings: log.list };
}
