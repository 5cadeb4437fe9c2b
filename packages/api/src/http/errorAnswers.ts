import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDataException, isDatabaseUnavailable, isUniqueViolation } from '../db/databaseErrors.ts';
import { HttpError } from './httpError.ts';

/**
 * The app's error handler: every failure answers the SPEC error shape `{ message }`. Client
 * errors say what was wrong, a database that is down answers 503, and only bugs answer 500.
 */
export function answerError(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).headers(error.headers).send(error.body);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'The request body is too large.'
        : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Send the request body as application/json.'
          : error.message;
    return reply.code(status).send({ message });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', '5')
      .send({ message: 'The service is briefly unavailable. Please try again in a few seconds.' });
  }
  // A value the database refused or a race the unique index settled: validation or the handler
  // should have caught it (logged as a warning to fix), but it is the request's, not a bug's, 500.
  if (isUniqueViolation(error)) {
    request.log.warn({ err: error }, 'unique violation reached the error handler');
    return reply.code(409).send({ message: 'This clashed with another request. Please try again.' });
  }
  if (isDataException(error)) {
    request.log.warn({ err: error }, 'the database refused a value that validation let through');
    return reply.code(400).send({ message: 'The request contains a value that cannot be stored.' });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
}

/**
 * Requests Node's parser rejects before Fastify sees them (oversized headers or URL, broken
 * HTTP) still get the SPEC error shape `{ message }` rather than Fastify's default body.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request headers or address are too long.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive.']
        : [400, 'Bad Request', 'The request could not be understood.'];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
