// Feature under test: issue #15 finding 8 — a lone UTF-16 surrogate in a search origin, invalid UTF-8 in a body, and ten racing registrations of one address each answered 500; they must be a 4xx in the SPEC error shape (or, for the race, the one answer every registration gets).
import { describe, expect, it } from 'vitest';
import { searchTime } from '../helpers/testServer.ts';
import { expectErrorShape, newUserBody, useServerWithMail } from '../helpers/accounts.ts';

const kit = useServerWithMail();

/** JSON text with `\uXXXX` escapes kept as written: JSON.stringify would re-escape them anyway. */
const searchJson = (origin: string) =>
  `{"origin":"${origin}","destination":"Glenmore","out_time":"${searchTime(1)}"}`;

describe('a lone surrogate in a search origin', () => {
  it('answers 422 with a field error on origin, not a 500 from the database', async () => {
    for (const origin of ['Aviemore \\ud800', '\\udfff', '\\udc00\\ud800 Glenmore', 'x\\ud83d']) {
      const res = await kit.server.call('POST', '/v1/journey-planner/search', {
        rawBody: searchJson(origin),
      });
      expect(res.status, origin).toBe(422);
      expectErrorShape(res.body);
      expect(Object.keys(res.body.errors), origin).toEqual(['origin']);
    }
    // A well-formed pair (an emoji) is ordinary text.
    const ok = await kit.server.call('POST', '/v1/journey-planner/search', {
      rawBody: searchJson('Aviemore \\ud83c\\udfde'),
    });
    expect(ok.status).toBe(201);
  });

  it('in a nested profile field or a key is refused the same way', async () => {
    const res = await kit.server.call('POST', '/v1/users/register', {
      rawBody: JSON.stringify(newUserBody()).replace(/}$/, ',"profile":{"railcard":"\\ud800"}}'),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.railcard).toBeDefined();
    const key = await kit.server.call('POST', '/v1/journey-planner/search', {
      rawBody: `{"\\ud800":1,"origin":"a","destination":"b","out_time":"${searchTime(1)}"}`,
    });
    expect(key.status).toBe(422);
    expectErrorShape(key.body);
  });

  it('invalid UTF-8 bytes in a body are a 400, not silently replaced', async () => {
    for (const bytes of [[0xed, 0xa0, 0x80], [0xff], [0xc0, 0xaf], [0xe2, 0x82]]) {
      const body = Buffer.concat([
        Buffer.from('{"origin":"Avie'),
        Buffer.from(bytes),
        Buffer.from(`more","destination":"Glenmore","out_time":"${searchTime(1)}"}`),
      ]);
      const res = await fetch(`${kit.server.url}/v1/journey-planner/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body,
      });
      expect(res.status, bytes.join(',')).toBe(400);
      expectErrorShape(await res.json());
    }
  });

  it('invalid UTF-8 percent-encoded in a path or query is a 400', async () => {
    for (const path of [
      '/v1/places?q=Avie%ED%A0%80',
      '/v1/places?q=%FF',
      '/v1/places?%C0%AF=1',
      '/v1/journey/saved/user?page=%E2%82',
      '/v1/pages/%ED%A0%80',
    ]) {
      const res = await kit.server.call('GET', path);
      expect(res.status, path).toBe(400);
      expectErrorShape(res.body);
    }
  });
});

describe('ten racing registrations of one address', () => {
  it('all get the same 201 answer and exactly one account exists, not a 500 from the unique index', async () => {
    const body = newUserBody();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        kit.server.call('POST', '/v1/users/register', {
          body: { ...body, email: i % 2 ? body.email.toUpperCase() : body.email },
        }),
      ),
    );
    for (const res of answers) {
      expect(res.status).toBe(201);
      expect(res.body.message).toBe(answers[0]!.body.message);
    }
    const rows = await kit.server.runtime.ctx.database.db
      .selectFrom('users')
      .select('id')
      .where(({ fn }) => fn('lower', ['email']), '=', body.email.toLowerCase())
      .execute();
    expect(rows).toHaveLength(1);
  });
});
