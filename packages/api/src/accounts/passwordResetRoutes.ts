import { MessageResponse, PasswordResetRequest, PasswordResetWithCode } from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AppRoutes } from '../context.ts';
import { HttpError, INVALID_DATA, parseOr422 } from '../http/httpError.ts';
import { queueAccountMail } from '../mail/accountMailJob.ts';
import { checkCode, checkNewPassword } from './accountChecks.ts';
import { consumeCode, findCodeUser } from './accountCodes.ts';
import { clearAllFailures } from './loginThrottle.ts';
import { hashPassword } from './secrets.ts';
import { resetPassword } from './userStore.ts';

const RESET_REQUESTED =
  'If an account exists for that e-mail address, we have sent a link to reset its password.';

/** The forgotten password: a mailed link, then a new password with its code (SPEC §7). */
export function registerPasswordResetRoutes(app: FastifyInstance, routes: AppRoutes, ctx: AppContext): void {
  const authLimit = ctx.config.authRateLimitPerMinute;

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/users/password/reset',
      operationId: 'requestPasswordReset',
      tag: 'accounts',
      accounts: true,
      private: true,
      summary: 'E-mail a password reset link (same answer whether or not the account exists)',
      body: PasswordResetRequest,
      response: MessageResponse,
      rateLimitPerMinute: authLimit,
    },
    async (request) => {
      const input = parseOr422(PasswordResetRequest, request.body);
      // One queued job whether or not the address has an account: the worker looks it up.
      await queueAccountMail(ctx, request, { type: 'password-reset', email: input.email });
      return { message: RESET_REQUESTED };
    },
  );

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/users/password/reset/:code',
      operationId: 'resetPassword',
      tag: 'accounts',
      accounts: true,
      private: true,
      summary:
        'Set a new password with the e-mailed code (single use); voids other codes, logs out everywhere',
      body: PasswordResetWithCode,
      response: MessageResponse,
      rateLimitPerMinute: authLimit,
    },
    async (request, _reply, { params }) => {
      const input = parseOr422(PasswordResetWithCode, request.body);
      if (input.password !== input.password_confirmation) {
        throw new HttpError(422, INVALID_DATA, { password_confirmation: ['The passwords do not match.'] });
      }
      const invalid = 'This password reset link is invalid, has expired or has already been used.';
      const code = checkCode(params.code);
      const owner = await findCodeUser(ctx, code, 'password_reset');
      if (!owner) throw new HttpError(422, invalid);
      const errors: Record<string, string[]> = {};
      checkNewPassword(input.password, owner.email, errors);
      if (errors.password) throw new HttpError(422, INVALID_DATA, errors);
      const passwordHash = await hashPassword(input.password);
      const used = await consumeCode(ctx, code, 'password_reset');
      if (!used) throw new HttpError(422, invalid);
      const now = ctx.now();
      // The link proves the e-mail address, so it also activates the account.
      await resetPassword(ctx.database, used.userId, passwordHash, now);
      await clearAllFailures(ctx, owner.email.toLowerCase());
      return { message: 'Your password has been changed. You can now log in.' };
    },
  );
}
