import { LoginRequest, LoginResponse, MessageResponse } from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AppRoutes } from '../context.ts';
import { HttpError, parseOr422 } from '../http/httpError.ts';
import { queueAccountMail } from '../mail/accountMailJob.ts';
import { checkCode, lockedOut } from './accountChecks.ts';
import { consumeCode } from './accountCodes.ts';
import { clearAllFailures, clearFailures, reserveAttempt } from './loginThrottle.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from './secrets.ts';
import { bearerToken, issueToken, revokeToken } from './session.ts';
import { findUserByEmail, findUserEmail, replacePasswordHash } from './userStore.ts';

/** One answer for a wrong password, an unknown address and an account not yet activated. */
const WRONG_CREDENTIALS =
  'These credentials do not match our records. New accounts work once activated with the link we e-mailed.';

/** Login with its lockout, the unlock link, and logout (SPEC §7; rules in docs/SECURITY.md). */
export function registerLoginRoutes(app: FastifyInstance, routes: AppRoutes, ctx: AppContext): void {
  const authLimit = ctx.config.authRateLimitPerMinute;

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/auth/login',
      operationId: 'logIn',
      tag: 'accounts',
      accounts: true,
      private: true,
      summary: 'Log in with e-mail and password; answers a bearer token',
      body: LoginRequest,
      response: LoginResponse,
      rateLimitPerMinute: authLimit,
    },
    async (request) => {
      const input = parseOr422(LoginRequest, request.body);
      const account = input.username.toLowerCase();
      const attempt = await reserveAttempt(ctx, account, request.ip);
      if (!attempt.allowed) throw lockedOut(ctx, attempt.lockedUntil);
      const user = await findUserByEmail(ctx.database, account);
      // Verify against a dummy hash for unknown e-mails so timing does not reveal who has an account.
      const ok = await verifyPassword(input.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
      // A not yet activated account answers like a wrong password, and counts as one: someone who
      // registered an address to learn whether it was free must see the same as for a taken one
      // (issue 30, finding 2). Its password only works once the mailbox is proven.
      if (!user || !ok || !user.active) {
        // Queued for unknown addresses too (the worker finds nobody): the same work either way.
        if (attempt.locksAccount) await queueAccountMail(ctx, request, { type: 'unlock', email: account });
        throw new HttpError(401, WRONG_CREDENTIALS);
      }
      await clearFailures(ctx, account, request.ip);
      if (needsRehash(user.password_hash)) {
        await replacePasswordHash(ctx.database, user.id, await hashPassword(input.password));
      }
      return { data: { access_token: await issueToken(ctx, user.id) } };
    },
  );

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/users/unlock/:code',
      operationId: 'unlockUser',
      tag: 'accounts',
      accounts: true,
      private: true,
      summary: 'Lift the lock of an account with the code e-mailed to its owner (single use)',
      response: MessageResponse,
      rateLimitPerMinute: authLimit,
    },
    async (request, _reply, { params }) => {
      const used = await consumeCode(ctx, checkCode(params.code), 'unlock');
      const user = used && (await findUserEmail(ctx.database, used.userId));
      if (!user)
        throw new HttpError(422, 'This unlock link is invalid, has expired or has already been used.');
      await clearAllFailures(ctx, user.email.toLowerCase());
      return { message: 'Your account is unlocked. You can now log in.' };
    },
  );

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/auth/logout',
      operationId: 'logOut',
      tag: 'accounts',
      // Not `accounts`: a token issued on a brand with accounts is revoked wherever it is sent.
      private: true,
      summary: 'Revoke the bearer token',
      auth: 'required',
      response: MessageResponse,
    },
    async (request) => {
      await revokeToken(ctx, bearerToken(request)!);
      return { message: 'Successfully logged out' };
    },
  );
}
