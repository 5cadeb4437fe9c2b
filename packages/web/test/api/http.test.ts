// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_TIMEOUT_MS, ApiError, apiRequest, setCredentials } from '../../src/api/http.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  setCredentials({ apiKey: null, token: null });
});

function answer(status: number, body: unknown) {
  return vi.fn(
    async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

describe('apiRequest (SPEC §7)', () => {
  it('sends the JSON, API key, X-Requested-With and Bearer headers', async () => {
    const fetch = answer(200, { data: 1 });
    vi.stubGlobal('fetch', fetch);
    setCredentials({ apiKey: 'public-key', token: 'tok' });
    await apiRequest('/v1/places', { query: { q: 'Avie', limit: 8, empty: '' } });
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(url.pathname + url.search).toBe('/v1/places?q=Avie&limit=8');
    expect(init.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-API-Key': 'public-key',
      Authorization: 'Bearer tok',
    });
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(API_TIMEOUT_MS).toBe(60_000);
  });
  it('omits the key and Authorization when there are none', async () => {
    const fetch = answer(200, {});
    vi.stubGlobal('fetch', fetch);
    await apiRequest('/v1/config');
    const init = (fetch.mock.calls[0] as unknown as [URL, RequestInit])[1];
    expect(Object.keys(init.headers as object)).toEqual(['Accept', 'Content-Type', 'X-Requested-With']);
  });
  it('turns an error answer into ApiError with the field errors', async () => {
    vi.stubGlobal(
      'fetch',
      answer(422, {
        message: 'The given data was invalid.',
        errors: { out_time: ['Choose a time from now on.'] },
      }),
    );
    const error = await apiRequest('/v1/journey-planner/search', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).message).toBe('The given data was invalid.');
    expect((error as ApiError).fieldErrors).toEqual({ out_time: ['Choose a time from now on.'] });
  });
  it('gives a readable message when the server sends no error body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 502 })),
    );
    const error = (await apiRequest('/v1/config').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toMatch(/Something went wrong/);
    expect(error.fieldErrors).toEqual({});
  });
});
