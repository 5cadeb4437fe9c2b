import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { HttpError, INVALID_DATA } from './httpError.ts';
import { checkBody, MAX_BODY_DEPTH } from './wellFormedText.ts';

/** The one body parser: UTF-8 JSON without NUL, too deep nesting or lone surrogates. */
export function registerJsonBody(app: FastifyInstance): void {
  // The SPEC client sends `Content-Type: application/json` on body-less POSTs too.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, raw, done) => {
    const bytes = raw as Buffer;
    if (bytes.length === 0) return done(null, undefined);
    // JSON is UTF-8 (RFC 8259): invalid bytes would silently become U+FFFD in what we store.
    if (!isUtf8(bytes)) return done(new HttpError(400, 'The request body is not valid UTF-8.'), undefined);
    const body = bytes.toString('utf8');
    // PostgreSQL text cannot hold NUL: refuse it here rather than fail on insert with a 500.
    if (/\\u0000|\0/.test(body))
      return done(new HttpError(400, 'The request contains a NUL character.'), undefined);
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return done(new HttpError(400, 'The request body is not valid JSON.'), undefined);
    }
    // Nor thousands of nested levels (a denial of service on every walk of the body), nor a lone
    // surrogate (a `\ud800` escape): the field that holds one gets a 422, not a 500.
    const { tooDeep, illFormedFields: illFormed } = checkBody(value);
    if (tooDeep)
      return done(
        new HttpError(400, `The request body nests more than ${MAX_BODY_DEPTH} levels deep.`),
        undefined,
      );
    if (illFormed.length > 0) {
      const message = 'This contains a character that is not valid text (a lone UTF-16 surrogate).';
      const errors = Object.fromEntries(illFormed.map((field) => [field, [message]]));
      return done(new HttpError(422, INVALID_DATA, errors), undefined);
    }
    done(null, value);
  });
}
