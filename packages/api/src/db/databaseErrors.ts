/*
 * The PostgreSQL error codes the API acts on, in one place (PostgreSQL manual, Appendix A
 * "PostgreSQL Error Codes": https://www.postgresql.org/docs/current/errcodes-appendix.html).
 * PGlite raises the same codes as a server.
 */

/** SQLSTATE 23505 unique_violation: a row with the same key exists (often a race another request won). */
const UNIQUE_VIOLATION = '23505';

/** Class 22 data exceptions caused by a value sent (too long, out of range, not text, not a date). */
const DATA_EXCEPTION_CODES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

/** Connection failures (class 08), the server shutting down or starting (57P01–57P03), a dropped socket. */
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null | undefined)?.code;
}

/** Whether the database refused a row because its unique key is taken. */
export function isUniqueViolation(error: unknown): boolean {
  return codeOf(error) === UNIQUE_VIOLATION;
}

/** Whether the database refused a value the request sent (a data exception, class 22). */
export function isDataException(error: unknown): boolean {
  const code = codeOf(error);
  return typeof code === 'string' && DATA_EXCEPTION_CODES.has(code);
}

/** The database is down or restarting (not a bug): the client may retry. */
export function isDatabaseUnavailable(error: { code?: unknown; message?: unknown }): boolean {
  return (
    (typeof error.code === 'string' && DATABASE_DOWN_CODES.has(error.code)) ||
    /Connection terminated|connect ECONNREFUSED|Client has encountered a connection error/.test(
      String(error.message),
    )
  );
}
