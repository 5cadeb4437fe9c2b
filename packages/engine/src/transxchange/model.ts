import type { OperatingProfile } from './operatingProfile.ts';

/*
 * What the TransXChange reader collects from its files before it becomes a feed: stops by ATCO
 * code, operators, lines, and vehicle journeys already turned into timed stop lists. Kept
 * format-shaped (ATCO codes, TransXChange activities) so NaPTAN can give positions afterwards.
 */

/** A stop a journey calls at, as the timetable file names it. */
export interface TxcStop {
  atco: string;
  name: string;
  /** From a StopPoint's own Location, when the file gives one (NaN otherwise). */
  lat: number;
  lon: number;
}

export interface TxcOperator {
  id: string;
  name: string;
}

export interface TxcLine {
  /** "ServiceCode:LineId", unique in the feed. */
  id: string;
  operatorId: string;
  name: string;
  description: string;
  /** TransXChange Mode: bus, coach, ferry, tram, underground, rail, metro … */
  mode: string;
}

/** One served call of a journey. */
export interface TxcCall {
  atco: string;
  arrivalSec: number;
  departureSec: number;
  pickUp: boolean;
  setDown: boolean;
}

export interface TxcJourney {
  /** Unique in the feed: file, service and VehicleJourneyCode. */
  id: string;
  lineId: string;
  direction: 'outbound' | 'inbound' | '';
  profile: OperatingProfile;
  /** Operating period of the service, day numbers inclusive. */
  periodFrom: number;
  periodTo: number;
  calls: TxcCall[];
  /** Repeats every headwaySec until lastStartSec (inclusive), for Frequency/FrequentService journeys. */
  frequency?: { headwaySec: number; lastStartSec: number; exact: boolean };
  /** File the journey came from, for warnings. */
  file: string;
  line: number;
}
