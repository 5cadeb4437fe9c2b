import { deltaM, offsetM } from './geo.ts';
import type { Point } from './geo.ts';

/*
 * Real lochs and rivers of the demo area, so the base map has water to draw and name. Positions
 * are approximate: lochs and river courses were read off the OpenStreetMap map (© OpenStreetMap
 * contributors) as a few points each, rounded to about 0.005°; the outlines are made from those
 * points (an oval, or a band around a centre line), not traced. Where the demo's straight roads
 * would run over a loch, the loch was moved a little off them (generator test: no street in a loch).
 */

export interface DemoLoch {
  name: string;
  /** Outer ring, closed (first point repeated last). */
  ring: Point[];
}

export interface DemoRiver {
  name: string;
  /** Downstream order. */
  course: Point[];
}

const p = (lat: number, lon: number): Point => ({ lat, lon });

/** An oval loch: semi-axes east-west and north-south in metres. */
function oval(centre: Point, eastM: number, northM: number, steps = 24): Point[] {
  const ring: Point[] = [];
  for (let i = 0; i < steps; i++) {
    const a = (2 * Math.PI * i) / steps;
    ring.push(offsetM(centre, eastM * Math.cos(a), northM * Math.sin(a)));
  }
  return [...ring, ring[0]!];
}

/** A long loch: a band of `halfWidthM` each side of its centre line, narrowing to its two ends. */
function band(line: Point[], halfWidthM: number): Point[] {
  const left: Point[] = [];
  const right: Point[] = [];
  line.forEach((pt, i) => {
    const { eastM, northM } = deltaM(line[Math.max(0, i - 1)]!, line[Math.min(line.length - 1, i + 1)]!);
    const len = Math.hypot(eastM, northM) || 1;
    const w = i === 0 || i === line.length - 1 ? halfWidthM * 0.3 : halfWidthM;
    left.push(offsetM(pt, (-northM / len) * w, (eastM / len) * w));
    right.push(offsetM(pt, (northM / len) * w, (-eastM / len) * w));
  });
  const ring = [...left, ...right.reverse()];
  return [...ring, ring[0]!];
}

// The west and east ends of Loch Insh, where the Spey enters and leaves it.
const INSH = p(57.1265, -3.908);
const INSH_WEST = offsetM(INSH, -690, 0);
const INSH_EAST = offsetM(INSH, 690, 0);
// Loch Faskally, where the Garry comes in and the Tummel goes out.
const FASKALLY = [p(56.723, -3.77), p(56.713, -3.76), p(56.704, -3.751)];
// Loch Ness (its south-west end off Fort Augustus) and Loch Dochfour, where the River Ness starts.
const NESS = [
  p(57.1505, -4.6625),
  p(57.1735, -4.632),
  p(57.251, -4.5335),
  p(57.3175, -4.428),
  p(57.3951, -4.3643),
  p(57.4085, -4.348),
];
const DOCHFOUR = [p(57.4085, -4.348), p(57.4235, -4.3352), p(57.43, -4.329)];

export const DEMO_LOCHS: readonly DemoLoch[] = [
  { name: 'Loch Ness', ring: band(NESS, 650) },
  { name: 'Loch Dochfour', ring: band(DOCHFOUR, 200) },
  { name: 'Loch Morlich', ring: oval(p(57.1625, -3.7105), 850, 380) },
  { name: 'Loch an Eilein', ring: oval(p(57.1495, -3.81), 260, 400) },
  { name: 'Loch Insh', ring: oval(INSH, 700, 350) },
  { name: 'Loch Garten', ring: oval(p(57.244, -3.696), 450, 300) },
  { name: 'Loch Faskally', ring: band(FASKALLY, 160) },
  {
    name: 'Loch Ericht',
    ring: band([p(56.928, -4.258), p(56.9, -4.3), p(56.86, -4.36), p(56.82, -4.42)], 450),
  },
  { name: 'Loch Leven', ring: oval(p(56.197, -3.375), 2300, 1600) },
];

export const DEMO_RIVERS: readonly DemoRiver[] = [
  {
    name: 'River Spey',
    course: [
      p(57.03, -4.33),
      p(57.022, -4.27),
      p(57.045, -4.18),
      p(57.058, -4.13),
      p(57.074, -4.06),
      p(57.1, -3.985),
      p(57.118, -3.945),
      INSH_WEST,
    ],
  },
  {
    name: 'River Spey',
    course: [
      INSH_EAST,
      p(57.14, -3.88),
      p(57.16, -3.862),
      p(57.19, -3.81),
      p(57.222, -3.785),
      p(57.248, -3.742),
      p(57.268, -3.672),
      p(57.305, -3.63),
      p(57.322, -3.592),
      p(57.345, -3.52),
      p(57.4, -3.38),
      p(57.45, -3.25),
      p(57.49, -3.19),
      p(57.56, -3.12),
      p(57.62, -3.1),
      p(57.665, -3.085),
    ],
  },
  {
    name: 'River Dee',
    course: [
      p(57.0, -3.56),
      p(57.005, -3.45),
      p(56.998, -3.4),
      p(57.03, -3.26),
      p(57.031, -3.22),
      p(57.045, -3.1),
      p(57.044, -3.04),
      p(57.064, -2.9),
      p(57.069, -2.78),
      p(57.07, -2.65),
      p(57.046, -2.49),
      p(57.08, -2.3),
      p(57.115, -2.17),
      p(57.132, -2.1),
      p(57.14, -2.07),
    ],
  },
  { name: 'River Garry', course: [p(56.761, -3.845), p(56.745, -3.782), FASKALLY[0]!] },
  { name: 'River Tummel', course: [FASKALLY[2]!, p(56.69, -3.72), p(56.655, -3.655)] },
  {
    name: 'River Tay',
    course: [
      p(56.655, -3.655),
      p(56.6, -3.61),
      p(56.5605, -3.58),
      p(56.525, -3.5),
      p(56.48, -3.44),
      p(56.43, -3.44),
      p(56.396, -3.42),
      p(56.37, -3.39),
      p(56.365, -3.33),
    ],
  },
  {
    name: 'River Ness',
    course: [DOCHFOUR[2]!, p(57.44, -4.3), p(57.46, -4.262), p(57.478, -4.232), p(57.49, -4.222)],
  },
];
