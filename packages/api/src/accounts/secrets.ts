import {
  createHash,
  randomBytes,
  scrypt as scryptCb,
  timingSafeEqual,
  type ScryptOptions,
} from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

// OWASP Password Storage Cheat Sheet (cheatsheetseries.owasp.org, "scrypt"): a minimum CPU/memory
// cost of N=2^17 with r=8, p=1. That is 128 MiB per hash and slow by design; Node's thread pool
// (4 threads by default) bounds how many run at once.
const PARAMS = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
/** scrypt needs 128·N·r bytes; allow the current cost and any older, cheaper one. */
const MAX_MEM = 256 * 1024 * 1024;

/** `scrypt$N$r$p$salt$key` (base64url), so the cost can be raised later without a migration. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...PARAMS, maxmem: MAX_MEM });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

/** A stored hash made with a lower cost than today's: rehash it on the next successful login. */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) < PARAMS.N || Number(r) < PARAMS.r || Number(p) < PARAMS.p;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password.normalize('NFC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEM,
  });
  return timingSafeEqual(expected, actual);
}

/** A hash of a password nobody has, to spend the same time when the account does not exist. */
export const DUMMY_PASSWORD_HASH = await hashPassword(randomBytes(16).toString('hex'));

/** An unguessable token for a URL or a header (256 bits). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens and codes are stored as SHA-256 digests: a database leak does not leak sessions. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
