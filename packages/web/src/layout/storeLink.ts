/** The app-store link for the visitor's phone: iOS or Android only, otherwise null (SPEC §2). */
export function storeLinkFor(
  userAgent: string,
  links: { ios: string | null; android: string | null },
): string | null {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return links.ios;
  if (/Android/i.test(userAgent)) return links.android;
  return null;
}
