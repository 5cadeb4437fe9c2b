/** Reads one cookie's value, or null. */
export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Writes a cookie for the whole site; without maxAgeSec it lasts until the end of the session. */
export function writeCookie(name: string, value: string, maxAgeSec?: number): void {
  const age = maxAgeSec === undefined ? '' : `; max-age=${maxAgeSec}`;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; samesite=lax${age}${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; path=/; max-age=0`;
}
