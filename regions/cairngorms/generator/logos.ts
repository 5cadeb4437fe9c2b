/** A plain text logo for a fictional car-club provider (demo data has no real brand artwork). */
export function logoSvg(name: string): string {
  const initials = name
    .replace(/^Demo /, '')
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 3)
    .toUpperCase();
  const escaped = name.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="48" viewBox="0 0 160 48" role="img">',
    `  <title>${escaped} (demo logo)</title>`,
    '  <rect width="160" height="48" rx="8" fill="#1f4e3d"/>',
    `  <text x="80" y="31" font-family="sans-serif" font-size="20" font-weight="bold" fill="#ffffff" text-anchor="middle">${initials} DEMO</text>`,
    '</svg>',
    '',
  ].join('\n');
}
