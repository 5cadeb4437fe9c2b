import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError } from '../http/httpError.ts';
import { digest, newSecret } from './secrets.ts';

export const TOKEN_LIFETIME_SEC = 30 * 24 * 3600;

/** Issues a bearer token; only its digest is stored. */
export async function issueToken(ctx: AppContext, userId: string): Promise<string> {
  const token = newSecret();
  await ctx.database.db
    .insertInto('access_tokens')
    .values({
      token_hash: digest(token),
      user_id: userId,
      expires_at: new Date(ctx.now().getTime() + TOKEN_LIFETIME_SEC * 1000),
    })
    .execute();
  return token;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

/** The user of a valid, unrevoked, unexpired bearer token, if the request carries one. */
export async function findUser(ctx: AppContext, request: FastifyRequest): Promise<UserRow | undefined> {
  const token = bearerToken(request);
  if (!token) return undefined;
  return ctx.database.db
    .selectFrom('access_tokens')
    .innerJoin('users', 'users.id', 'access_tokens.user_id')
    .selectAll('users')
    .where('access_tokens.token_hash', '=', digest(token))
    .where('access_tokens.revoked_at', 'is', null)
    .where('access_tokens.expires_at', '>', ctx.now())
    .where('users.active', '=', true)
    .executeTakeFirst();
}

/** Like findUser, but a request without a valid token is answered 401. */
export async function getUser(ctx: AppContext, request: FastifyRequest): Promise<UserRow> {
  const user = await findUser(ctx, request);
  if (!user) throw new HttpError(401, 'Please log in to continue.');
  return user;
}

export async function revokeToken(ctx: AppContext, token: string): Promise<void> {
  await ctx.database.db
    .updateTable('access_tokens')
    .set({ revoked_at: ctx.now() })
    .where('token_hash', '=', digest(token))
    .where('revoked_at', 'is', null)
    .execute();
}
