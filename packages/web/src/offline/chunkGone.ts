/**
 * Whether a file of this page's version that failed to load is gone from the server: a new version
 * was deployed, so only loading the page again helps. A 404 (or 410) says so, and so does a page
 * where code was expected (a host that answers every address with the app). No answer at all, a
 * redirect (a captive portal sends the traveller to its own login page), a server error or the file
 * itself says the file is still there and the signal failed: the screen's Try again is the way then,
 * and a reload would lose what was typed, or show the browser's own error page.
 */
export async function chunkGone(url: string): Promise<boolean> {
  let answer: Response;
  try {
    answer = await fetch(url, { cache: 'no-store', redirect: 'manual' });
  } catch {
    return false;
  }
  if (answer.status === 404 || answer.status === 410) return true;
  return answer.ok && (answer.headers.get('content-type') ?? '').startsWith('text/html');
}

/**
 * The file a failed load names: a dynamic import's error names the module (Chromium, Firefox), a
 * style sheet's (Vite's preload) names the sheet. Otherwise (Safari says only that an import
 * failed) the page's entry script: every new build renames it, as it lists every chunk by name.
 */
export function failedFile(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const named = /https?:\/\/[^\s'"]+/.exec(message)?.[0];
  if (named) return named;
  return document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
}
