import type { PoiCategory, TravelType } from '@cairn/contracts';

// Cairn's own icons (24×24, stroked with currentColor), as SVG markup so that React components
// and map markers (plain DOM) share them.

export const MODE_ICONS = {
  walk: '<circle cx="13" cy="4" r="2"/><path d="M12 8l-2 6 3 3 1 5M10 14l-2 3-2 4M12 8l4 3 3-1M12 8l-3 1-2 4"/>',
  bike: '<circle cx="6" cy="17" r="3.5"/><circle cx="18" cy="17" r="3.5"/><path d="M6 17l4-8h6l2 8M10 9l3 8h5M14 5h3"/>',
  bus: '<rect x="5" y="3" width="14" height="15" rx="2"/><path d="M5 11h14M8 15h.01M16 15h.01M8 18v3M16 18v3"/>',
  car: '<path d="M3 16v-4l2-5h14l2 5v4zM3 12h18"/><circle cx="7" cy="17" r="2"/><circle cx="17" cy="17" r="2"/>',
  'car-club':
    '<path d="M2 18v-4l2-4h11l2 4v4zM2 14h15"/><circle cx="6" cy="19" r="1.5"/><circle cx="13" cy="19" r="1.5"/><circle cx="19" cy="5" r="2.5"/><path d="M17.3 6.8L14 10"/>',
  tram: '<rect x="6" y="6" width="12" height="12" rx="2"/><path d="M9 2h6M12 2v4M6 12h12M8 22l2-4M16 22l-2-4"/>',
  train:
    '<rect x="5" y="3" width="14" height="14" rx="3"/><path d="M5 10h14M8 21l2-4M16 21l-2-4"/><circle cx="9" cy="13.5" r="1"/><circle cx="15" cy="13.5" r="1"/>',
  subway: '<circle cx="12" cy="12" r="9"/><path d="M8 16V8l4 5 4-5v8"/>',
  ferry:
    '<path d="M3 15l2 4h14l2-4zM7 15v-4h10v4M10 11V7h4v4M2 22c2 0 2-1 4-1s2 1 4 1 2-1 4-1 2 1 4 1 2-1 4-1"/>',
  taxi: '<path d="M3 17v-4l2-5h14l2 5v4zM3 13h18M10 4h4v4h-4z"/><circle cx="7" cy="18" r="2"/><circle cx="17" cy="18" r="2"/>',
  drt: '<path d="M3 17V8a2 2 0 0 1 2-2h10l5 5v6zM3 11h17M11 6v5"/><circle cx="7" cy="18" r="2"/><circle cx="16" cy="18" r="2"/><path d="M19 2v3M17.5 3.5h3"/>',
  community:
    '<path d="M3 17V8a2 2 0 0 1 2-2h11l4 5v6zM3 11h17"/><circle cx="7" cy="18" r="2"/><circle cx="16" cy="18" r="2"/><path d="M11 2.5c-.8-.8-2.2 0-1.5 1.2L11 5l1.5-1.3c.7-1.2-.7-2-1.5-1.2z"/>',
  funicular:
    '<path d="M3 20L21 6"/><path d="M7 10l7-5 3 4-7 5z"/><circle cx="9" cy="16" r="1"/><circle cx="15" cy="11.5" r="1"/>',
} as const;
export type ModeIconName = keyof typeof MODE_ICONS;

/** SPEC §3 "Transport mode to icon". */
export const MODE_TO_ICON: Record<TravelType, ModeIconName> = {
  walk: 'walk',
  cycle: 'bike',
  'bike hire': 'bike',
  'own car': 'car',
  car: 'car',
  'car club': 'car-club',
  taxi: 'taxi',
  bus: 'bus',
  'intercity bus': 'bus',
  train: 'train',
  tram: 'tram',
  subway: 'subway',
  ferry: 'ferry',
  funicular: 'funicular',
  drt: 'drt',
  'community transport': 'community',
};

export const POI_ICONS: Record<PoiCategory, string> = {
  restaurant: '<path d="M7 2v20M4 2v6a3 3 0 0 0 6 0V2M17 22V2c-3 2-4 6-4 9h4"/>',
  cafe: '<path d="M4 9h13v5a6 6 0 0 1-6 6h-1a6 6 0 0 1-6-6zM17 11h2a2 2 0 0 1 0 4h-2M8 2v4M12 2v4"/>',
  bar: '<path d="M5 3h14l-7 9zM12 12v9M8 21h8M7.5 6h9"/>',
  museum: '<path d="M3 9l9-6 9 6zM5 9v9M9 9v9M15 9v9M19 9v9M3 21h18M3 18h18"/>',
  park: '<path d="M12 2l6 9h-3l4 6H5l4-6H6zM12 17v5"/>',
  toilets:
    '<rect x="3" y="4" width="18" height="16" rx="2"/><path d="M6 9l1.5 6L9 11l1.5 4L12 9M18 10a2.5 2.5 0 1 0 0 4"/>',
  supermarket:
    '<path d="M2 3h3l3 12h11l2-8H6.5"/><circle cx="9" cy="19.5" r="1.5"/><circle cx="17" cy="19.5" r="1.5"/>',
  convenience_store:
    '<path d="M3 9l2-5h14l2 5zM4 9v11h16V9M10 20v-6h4v6M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0"/>',
  shopping_mall: '<path d="M5 7h14l-1 14H6zM9 10V5a3 3 0 0 1 6 0v5"/>',
  atm: '<rect x="2" y="5" width="20" height="14" rx="2"/><path d="M2 10h20M14.5 13.5c-.5-.9-2.5-1-2.5.6V17h3M11 15.5h2.5"/>',
  gas_station:
    '<path d="M4 21V4a1 1 0 0 1 1-1h8a1 1 0 0 1 1 1v17M3 21h12M4 9h10M14 7l3 2v8a1.5 1.5 0 0 0 3 0V8l-3-3"/>',
  ev_charge: '<path d="M13 2L5 13h6l-1 9 8-11h-6z"/>',
  meal_takeaway: '<path d="M4 8h16l-2 13H6zM8 8l1-5M16 8l-1-5M9 3h6"/>',
};

export const POI_LABELS: Record<PoiCategory, string> = {
  restaurant: 'Restaurants',
  cafe: 'Cafés',
  bar: 'Bars',
  museum: 'Museums',
  park: 'Parks',
  toilets: 'Toilets',
  supermarket: 'Supermarkets',
  convenience_store: 'Convenience stores',
  shopping_mall: 'Shopping centres',
  atm: 'Cash machines',
  gas_station: 'Petrol stations',
  ev_charge: 'EV charging',
  meal_takeaway: 'Takeaways',
};

/** A complete standalone SVG element as markup (for map markers). */
export function svgMarkup(inner: string, size = 24): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${inner}</svg>`;
}
