import proj4 from 'proj4';

/*
 * The national grids of the British Isles as proj4 definitions (source: epsg.io, EPSG:27700
 * British National Grid with the Ordnance Survey's 7-parameter Helmert shift to WGS84, and
 * EPSG:29902 TM65 Irish Grid). Timetable files that predate WGS84 positions (ATCO-CIF location
 * records, older NaPTAN) give stops on these grids; a Helmert shift is good to a few metres.
 */
export const BRITISH_NATIONAL_GRID =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
  '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';
export const IRISH_GRID =
  '+proj=tmerc +lat_0=53.5 +lon_0=-8 +k=1.000035 +x_0=200000 +y_0=250000 +ellps=mod_airy ' +
  '+towgs84=482.5,-130.6,564.6,-1.042,-0.214,-0.631,8.15 +units=m +no_defs';

/** WGS84 latitude and longitude of an easting and northing on the British or the Irish grid. */
export function gridToLatLon(
  grid: 'gb' | 'ie',
  easting: number,
  northing: number,
): { lat: number; lon: number } {
  const [lon, lat] = proj4(grid === 'gb' ? BRITISH_NATIONAL_GRID : IRISH_GRID, 'WGS84', [easting, northing]);
  return { lat: lat!, lon: lon! };
}
