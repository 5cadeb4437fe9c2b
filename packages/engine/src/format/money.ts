/*
 * Prices are whole hundredths of the region's currency (pence, cents): GTFS gives amounts in the
 * currency's units with two decimals, and region.json in hundredths. They are written with the
 * currency's own symbol and digits (Intl, in British English as the rest of the wording): '£12.40',
 * '€2.90', '$2.90'.
 */

const formats = new Map<string, Intl.NumberFormat>();

function formatFor(currency: string): Intl.NumberFormat {
  let f = formats.get(currency);
  if (!f) {
    f = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      useGrouping: false,
    });
    formats.set(currency, f);
  }
  return f;
}

/** Whether `code` is an ISO 4217 currency Intl can write ('EUR' yes, 'XYZ' or 'EURO' no). */
export function isKnownCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

/** Price text for whole hundredths of a currency: (1240, 'GBP') → '£12.40', (290, 'EUR') → '€2.90', 0 → 'free'. */
export function formatMoney(hundredths: number, currency: string): string {
  if (hundredths === 0) return 'free';
  return formatFor(currency).format(hundredths / 100);
}
