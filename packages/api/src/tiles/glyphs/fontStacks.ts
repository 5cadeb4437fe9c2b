/**
 * The fontstacks the map style names and the server has glyphs for, built from Noto Sans
 * (SIL Open Font License 1.1, npm package @fontsource/noto-sans) by scripts/build-glyphs.ts.
 */
export const FONT_STACKS = [
  { name: 'Noto Sans Regular', weight: 400, style: 'normal' },
  { name: 'Noto Sans Bold', weight: 700, style: 'normal' },
  { name: 'Noto Sans Italic', weight: 400, style: 'italic' },
] as const;

export type FontStackName = (typeof FONT_STACKS)[number]['name'];
