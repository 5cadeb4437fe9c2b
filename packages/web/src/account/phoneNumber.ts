/**
 * A phone number as people dial it from abroad: "+44 7700 900123" for +44 and "07700 900123".
 * The national trunk prefix 0 is dropped after a country code (ITU-T E.164 numbers carry none;
 * Italy, +39, keeps its leading 0). A number typed with its own "+" is shown as typed.
 */
export function formatPhoneNumber(countryCode: string | null | undefined, number: string): string {
  const typed = number.trim();
  if (!countryCode || typed.startsWith('+')) return typed;
  const national = countryCode === '+39' ? typed : typed.replace(/^0+\s*/, '');
  return `${countryCode} ${national}`;
}
