import type { Leg, TravelType } from '@cairn/contracts';
import { modeName } from '../lib/modeLabel.ts';

/** One stage of a leg as a card shows it: its mode and the line numbers ridden in it ("M91", "201"). */
export interface StageLine {
  mode: TravelType;
  lines: string[];
}

/**
 * A leg's stages with their line numbers, so two bus routes do not look the same: the engine's
 * stages are its steps' modes with repeats run together (bus → bus is one "bus" stage), so each
 * stage gathers the numbers of the steps it runs together. A journey whose steps do not give its
 * stages (stored by an older engine) keeps them, without numbers.
 */
export function stageLines(leg: Leg): StageLine[] {
  const out: StageLine[] = [];
  for (const step of leg.steps) {
    let stage = out[out.length - 1];
    if (stage?.mode !== step.type) {
      stage = { mode: step.type, lines: [] };
      out.push(stage);
    }
    if (step.service_number && !stage.lines.includes(step.service_number))
      stage.lines.push(step.service_number);
  }
  if (out.map((s) => s.mode).join() !== leg.stages.join())
    return leg.stages.map((mode) => ({ mode, lines: [] }));
  return out;
}

/** "bus 31 and 32": a stage in words. */
export function stageLineText(stage: StageLine): string {
  return [modeName(stage.mode), stage.lines.join(' and ')].filter(Boolean).join(' ');
}
