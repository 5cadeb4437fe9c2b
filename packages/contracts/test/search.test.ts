// Feature under test: the search form's wire shape accepts what the web app sends and names bad fields.
import { describe, expect, it } from 'vitest';
import { SearchRequest } from '../src/index.ts';

describe('SearchRequest', () => {
  it('accepts a single search and fills arrive_by_buffer', () => {
    const parsed = SearchRequest.parse({
      origin: 'Aviemore',
      destination: 'Braemar',
      out_time: '2026/12/01 09:00:00',
    });
    expect(parsed.arrive_by_buffer).toBe(30);
  });

  it('names the fields that are wrong', () => {
    const result = SearchRequest.safeParse({
      origin: ' ',
      destination: 'Braemar',
      out_time: '01/12/2026 09:00',
    });
    expect(result.success).toBe(false);
    const fields = result.error!.issues.map((i) => i.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['origin', 'out_time']));
  });
});
