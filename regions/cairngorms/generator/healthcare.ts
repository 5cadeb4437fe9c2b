import type { Point } from './geo.ts';

/**
 * Real hospitals and GP surgeries of the region, by their real names, so that a traveller on the
 * health brand who types "Raigmore", "Infirmary", "Hospital" or "GP" finds where the appointment
 * is. Each position is the one on the place's Wikipedia page (its infobox coordinates), named
 * beside it; the demo streets do not reach every site, so the generator joins each to the nearest
 * street with an unnamed access road.
 */
export interface DemoHealthcare extends Point {
  name: string;
  /** OSM tags saying what it is: `amenity=hospital`, or `amenity=doctors` for a GP surgery. */
  amenity: 'hospital' | 'doctors';
  healthcare: 'hospital' | 'doctor';
}

const hospital = (name: string, lat: number, lon: number): DemoHealthcare => ({
  name,
  lat,
  lon,
  amenity: 'hospital',
  healthcare: 'hospital',
});

export const DEMO_HEALTHCARE: readonly DemoHealthcare[] = [
  // Wikipedia "Raigmore Hospital": 57.4736, -4.1930.
  hospital('Raigmore Hospital', 57.4736, -4.193),
  // Wikipedia "Aberdeen Royal Infirmary" (Foresterhill): 57.1546, -2.1360.
  hospital('Aberdeen Royal Infirmary', 57.1546, -2.136),
  // Wikipedia "Perth Royal Infirmary": 56.39694, -3.45472.
  hospital('Perth Royal Infirmary', 56.39694, -3.45472),
  // Wikipedia "Little France", the infirmary's site: 55.92000, -3.13917.
  hospital('Royal Infirmary of Edinburgh', 55.92, -3.13917),
  // Wikipedia "Pitlochry Community Hospital" (Ferry Road): 56.7016, -3.7371.
  hospital('Pitlochry Community Hospital', 56.7016, -3.7371),
  // The GP surgery in the same building (Wikipedia "Pitlochry Community Hospital": "incorporates
  // a GP's facility known as the Atholl Medical Centre"), placed beside its door.
  { name: 'Atholl Medical Centre', lat: 56.7018, lon: -3.7368, amenity: 'doctors', healthcare: 'doctor' },
];
