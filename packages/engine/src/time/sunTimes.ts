/*
 * Sunrise and sunset, and civil dawn and dusk, at a place and date, for cycling in daylight only
 * (issue #27).
 *
 * The formulas are NOAA's "General Solar Position Calculations" (NOAA Global Monitoring
 * Laboratory, https://gml.noaa.gov/grad/solcalc/solareqns.PDF): the fractional year, the
 * equation of time and the solar declination as Fourier series, and the hour angle at a zenith of
 * 90.833° (refraction at the horizon and the sun's radius). NOAA gives them as good to about a
 * minute at mid-latitudes, plenty for saying whether a ride ends in the dark.
 */

const RAD = Math.PI / 180;
const DAY_SEC = 86_400;
/** The sun's centre 0.833° below the horizon at sunrise and sunset (NOAA). */
export const SUNRISE_ZENITH_DEG = 90.833;
/**
 * The sun's centre 6° below the horizon: civil dawn and dusk. NOAA's glossary (Global Monitoring
 * Laboratory, https://gml.noaa.gov/grad/solcalc/glossary.html#civiltwilight) defines civil twilight
 * as beginning in the morning and ending in the evening when the centre of the sun is
 * geometrically 6 degrees below the horizon; it is the limit at which there is light enough, in
 * good weather, to make out objects outdoors. A ride then needs its lights (in the UK from sunset
 * to sunrise, Road Vehicles Lighting Regulations 1989), as every bike ridden in winter has; it
 * does not need a road lit by lamps.
 */
export const CIVIL_TWILIGHT_ZENITH_DEG = 96;

/** Sunrise and sunset (epoch seconds) of one day at one place; or the sun neither sets nor rises. */
export type SunTimes = { riseSec: number; setSec: number } | { polar: 'day' | 'night' };

/**
 * Sunrise and sunset at `lat`, `lon` (degrees, east positive) on the local solar date of
 * `epochSec` (the date at the place by the sun, so an evening in New York is not tomorrow's); with
 * `zenithDeg` CIVIL_TWILIGHT_ZENITH_DEG, civil dawn and dusk.
 */
export function sunTimes(
  lat: number,
  lon: number,
  epochSec: number,
  zenithDeg = SUNRISE_ZENITH_DEG,
): SunTimes {
  // Four minutes of local solar time a degree of longitude.
  const dayStartSec = Math.floor((epochSec + lon * 240) / DAY_SEC) * DAY_SEC;
  const date = new Date(dayStartSec * 1000);
  const year = date.getUTCFullYear();
  const dayOfYear = Math.round((dayStartSec - Date.UTC(year, 0, 1) / 1000) / DAY_SEC) + 1;
  const daysInYear = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 366 : 365;
  // Fractional year at noon, in radians.
  const g = ((2 * Math.PI) / daysInYear) * (dayOfYear - 1);
  const eqTimeMin =
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(g) -
      0.032077 * Math.sin(g) -
      0.014615 * Math.cos(2 * g) -
      0.040849 * Math.sin(2 * g));
  const decl =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);
  const cosHa =
    Math.cos(zenithDeg * RAD) / (Math.cos(lat * RAD) * Math.cos(decl)) - Math.tan(lat * RAD) * Math.tan(decl);
  if (cosHa < -1) return { polar: 'day' };
  if (cosHa > 1) return { polar: 'night' };
  const haDeg = Math.acos(cosHa) / RAD;
  // Minutes after midnight UTC.
  const riseMin = 720 - 4 * (lon + haDeg) - eqTimeMin;
  const setMin = 720 - 4 * (lon - haDeg) - eqTimeMin;
  return { riseSec: dayStartSec + Math.round(riseMin * 60), setSec: dayStartSec + Math.round(setMin * 60) };
}

/**
 * Whether there is light to ride by at `lat`, `lon` from `startSec` to `endSec` (both on the same
 * solar day): between civil dawn and civil dusk. Sunrise itself was too strict: a ride setting off
 * 5 minutes before a December sunrise, in full twilight, was not offered (issue #27).
 */
export function inDaylight(lat: number, lon: number, startSec: number, endSec: number): boolean {
  const sun = sunTimes(lat, lon, startSec, CIVIL_TWILIGHT_ZENITH_DEG);
  if ('polar' in sun) return sun.polar === 'day' && endSec - startSec < DAY_SEC;
  return startSec >= sun.riseSec && endSec <= sun.setSec;
}
