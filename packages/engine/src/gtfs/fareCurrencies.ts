import type { GtfsFareTables } from './types.ts';

/** The currencies a feed's fare files price in (fare_attributes currency_type, fare_products currency), each once. */
export function listFareCurrencies(fares: Pick<GtfsFareTables, 'attributes' | 'products'>): string[] {
  const codes = [...fares.attributes.map((f) => f.currency), ...fares.products.map((p) => p.currency)];
  return [...new Set(codes.filter((c) => c !== ''))];
}
