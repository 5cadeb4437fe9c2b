/*
 * Cycling speed on a slope. A leisure rider cruises at the way's flat speed (wayAccess.ts: 16 km/h
 * paved, 11 km/h rough) with effort to spare; on a climb the speed is what a steady effort can hold,
 * from the steady-state road-cycling power balance of Martin, Milliken, Cobb, McFadden & Coggan,
 * "Validation of a mathematical model for road cycling power", Journal of Applied Biomechanics
 * 14 (1998) 276–291, without the drivetrain and wheel-bearing terms:
 *
 *   P = v · m·g·(Crr·cos θ + sin θ) + ½·ρ·CdA·v³
 *
 * Figures (assumptions of an upright leisure rider, magnitudes as discussed in Wilson & Schmidt,
 * "Bicycling Science", 4th ed., MIT Press 2020): rider and bike 90 kg, rolling resistance 0.006
 * (touring tyres on tarmac), drag area 0.5 m² (upright), air 1.225 kg/m³ (ISA sea level), and a
 * steady climbing effort of 100 W (about twice what 16 km/h on the flat takes, ~50 W). Rough ways
 * climb slower in the same proportion as their flat speed.
 * A rider who cannot beat walking pace pushes: the floor is Tobler's hiking function,
 * 6·exp(−3.5·|s + 0.05|) km/h (W. Tobler, "Three presentations on geographical analysis and
 * modeling", NCGIA Technical Report 93-1, 1993).
 * Downhill the rider keeps the flat cruising effort and gravity adds speed, but Cairn never counts on more than
 * DOWNHILL_MAX_FACTOR × the flat speed (24 km/h on tarmac): a speed a leisure rider keeps under
 * control on shared paths and rough tracks. That cap is our choice, not a measurement.
 */

const MASS_KG = 90;
const GRAVITY = 9.81;
const ROLLING = 0.006;
const DRAG_AREA_M2 = 0.5;
const AIR_KG_M3 = 1.225;
const CLIMB_POWER_W = 100;
/** The paved flat cycling speed of wayAccess.ts (16 km/h): climbs are scaled against it. */
const REFERENCE_FLAT_MPS = 16 / 3.6;
/** Downhill speeds are capped at this multiple of the way's flat speed. */
export const DOWNHILL_MAX_FACTOR = 1.5;

/** Steepest grade the model distinguishes; steeper (data errors, steps) is treated as this. */
const MAX_GRADE = 0.3;

const AERO = 0.5 * AIR_KG_M3 * DRAG_AREA_M2;

/** Power (W) needed to hold `speedMps` on grade `grade` (rise over run). */
export function cyclingPowerW(speedMps: number, grade: number): number {
  const theta = Math.atan(grade);
  const resist = MASS_KG * GRAVITY * (ROLLING * Math.cos(theta) + Math.sin(theta));
  return speedMps * resist + AERO * speedMps ** 3;
}

/** Speed (m/s) that a steady `powerW` holds on grade `grade`, by bisection (power rises with speed). */
export function steadySpeedMps(grade: number, powerW: number): number {
  let lo = 0;
  let hi = 40;
  for (let i = 0; i < 60; i++) {
    const v = (lo + hi) / 2;
    if (cyclingPowerW(v, grade) > powerW) hi = v;
    else lo = v;
  }
  return lo;
}

/** Tobler's hiking speed (m/s) on grade `grade`: the pace of a rider pushing the bike. */
export function toblerWalkMps(grade: number): number {
  return (6 * Math.exp(-3.5 * Math.abs(grade + 0.05))) / 3.6;
}

/** The effort of cruising on the flat at the reference speed (~50 W): kept downhill. */
const CRUISE_POWER_W = cyclingPowerW(REFERENCE_FLAT_MPS, 0);

/**
 * Speed factors against the reference flat speed, tabulated every 0.5 % of grade from −30 % to
 * +30 % (the model is smooth): the climbing effort uphill, the cruising effort downhill.
 */
const STEP = 0.005;
const SLOTS = Math.round(MAX_GRADE / STEP);
const factorTable = new Float64Array(2 * SLOTS + 1);
for (let i = 0; i <= 2 * SLOTS; i++) {
  const grade = (i - SLOTS) * STEP;
  const power = grade > 0 ? CLIMB_POWER_W : CRUISE_POWER_W;
  factorTable[i] = steadySpeedMps(grade, power) / REFERENCE_FLAT_MPS;
}

/**
 * Cycling speed (m/s) on a stretch of grade `grade` (rise over run; negative downhill) of a way
 * whose flat cycling speed is `flatMps`.
 */
export function cycleSpeedMps(flatMps: number, grade: number): number {
  const g = Math.max(-MAX_GRADE, Math.min(MAX_GRADE, Number.isFinite(grade) ? grade : 0));
  const x = g / STEP + SLOTS;
  const i = Math.min(2 * SLOTS - 1, Math.floor(x));
  const t = x - i;
  const factor = factorTable[i]! + t * (factorTable[i + 1]! - factorTable[i]!);
  if (g <= 0) return flatMps * Math.min(DOWNHILL_MAX_FACTOR, Math.max(1, factor));
  return Math.max(Math.min(flatMps, flatMps * factor), Math.min(flatMps, toblerWalkMps(g)));
}
