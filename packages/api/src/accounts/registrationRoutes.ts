import { randomUUID } from 'node:crypto';
import { MessageResponse, Profile, RegisterRequest } from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AppRoutes } from '../context.ts';
import { HttpError, parseWithChecks } from '../http/httpError.ts';
import { queueAccountMail } from '../mail/accountMailJob.ts';
import { checkCode, checkDob, checkNewPassword } from './accountChecks.ts';
import { consumeCode } from './accountCodes.ts';
import { hashPassword } from './secrets.ts';
import { activateUser, insertUser } from './userStore.ts';
import { MessageWithUser } from './userView.ts';

const REGISTERED = 'Your account has been created. Check your e-mail for the link to activate it.';

/** Registration and activation by the mailed link (SPEC §7). */
export function registerRegistrationRoutes(app: FastifyInstance, routes: AppRoutes, ctx: AppContext): void {
  const authLimit = ctx.config.authRateLimitPerMinute;

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/users/register',
      operationId: 'registerUser',
      tag: 'accounts',
      accounts: true,
      private: true,
      summary: 'Create an account; an activation link is e-mailed',
      body: RegisterRequest,
      response: MessageWithUser,
      responseStatus: 201,
      rateLimitPerMinute: authLimit,
    },
    async (request, reply) => {
      const input = parseWithChecks(RegisterRequest, request.body, (raw) => {
        const errors: Record<string, string[]> = {};
        if (raw.password !== raw.password_confirmation)
          errors.password_confirmation = ['The passwords do not match.'];
        checkNewPassword(raw.password, raw.email, errors);
        checkDob(raw.dob, ctx.now(), errors);
        return errors;
      });
      // No user enumeration: a taken address takes the same steps (hash, one insert that does
      // nothing, one queued mail) and gets the same answer, built from the request alone; its
      // owner is told by e-mail instead.
      const user = {
        id: randomUUID(),
        title: input.title,
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email,
        phone_number: input.phone_number ?? null,
        country_code_phone_number: input.country_code_phone_number ?? null,
        dob: input.dob,
        profile: Profile.parse(input.profile ?? {}),
      };
      const created = await insertUser(
        ctx.database,
        {
          ...user,
          password_hash: await hashPassword(input.password),
          creation_origin: input.creation_origin,
        },
        ctx.now(),
      );
      await queueAccountMail(
        ctx,
        request,
        created ? { type: 'activation', userId: user.id } : { type: 'existing-account', email: input.email },
      );
      reply.code(201);
      return { message: REGISTERED, data: user };
    },
  );

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/users/activation/:code',
      operationId: 'activateUser',
      tag: 'accounts',
      accounts: true,
      private: true,
      summary: 'Activate an account with the e-mailed code (single use)',
      response: MessageResponse,
      rateLimitPerMinute: authLimit,
    },
    async (_request, _reply, { params }) => {
      const used = await consumeCode(ctx, checkCode(params.code), 'activation');
      if (!used)
        throw new HttpError(422, 'This activation link is invalid, has expired or has already been used.');
      await activateUser(ctx.database, used.userId, ctx.now());
      return { message: 'Your account is active. You can now log in.' };
    },
  );
}
