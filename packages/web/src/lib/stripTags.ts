/** Text of HTML the server sends (statements, directions of an older server), shown as plain text. */
export function stripTags(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.body.textContent ?? '';
}
