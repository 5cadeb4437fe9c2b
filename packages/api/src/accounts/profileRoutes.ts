import { MessageResponse, Profile, UpdateUserRequest, User } from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext, AppRoutes } from '../context.ts';
import { z } from 'zod';
import { isUniqueViolation } from '../db/databaseErrors.ts';
import { HttpError, parseWithChecks } from '../http/httpError.ts';
import { queueAccountMail } from '../mail/accountMailJob.ts';
import { checkCode, checkCurrentPassword, checkDob } from './accountChecks.ts';
import { consumeCode } from './accountCodes.ts';
import { changeEmail, findUserEmail, updateUser } from './userStore.ts';
import { MessageWithUser, toUser } from './userView.ts';

const UserEnvelope = z.object({ data: User });

const UPDATED = 'Account successfully updated';
const EMAIL_CHANGE_SENT =
  'Account successfully updated. We have sent a link to the new e-mail address: open it to complete the change.';

/** The logged-in user's details and profile, and the change of e-mail address (SPEC §7). */
export function registerProfileRoutes(app: FastifyInstance, routes: AppRoutes, ctx: AppContext): void {
  const authLimit = ctx.config.authRateLimitPerMinute;

  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/users/show',
      operationId: 'getCurrentUser',
      tag: 'accounts',
      accounts: true,
      private: true,
      summary: 'The logged-in user',
      auth: 'required',
      response: UserEnvelope,
    },
    async (_request, _reply, { user }) => ({ data: toUser(user) }),
  );

  routes.add(
    app,
    {
      method: 'PUT',
      url: '/v1/users/update',
      operationId: 'updateUser',
      tag: 'accounts',
      accounts: true,
      private: true,
      summary:
        'Update the logged-in user and profile; a new e-mail address needs current_password and is confirmed by a mailed link',
      auth: 'required',
      body: UpdateUserRequest,
      response: MessageWithUser,
      // It looks addresses up (is this e-mail taken?): limited like the other account calls.
      rateLimitPerMinute: authLimit,
    },
    async (request, _reply, { user }) => {
      const input = parseWithChecks(UpdateUserRequest, request.body, (raw) => {
        const errors: Record<string, string[]> = {};
        checkDob(raw.dob, ctx.now(), errors);
        return errors;
      });
      const sentEmail = input.email ?? user.email;
      const newEmail = sentEmail.toLowerCase() !== user.email.toLowerCase() ? sentEmail : undefined;
      if (newEmail) await checkCurrentPassword(ctx, request, user, input.current_password);
      // Only the profile fields actually sent change (the schema's defaults would reset the rest).
      const sent = Object.keys(((request.body as { profile?: object }).profile ?? {}) as object);
      const changes = Object.fromEntries(
        Object.entries(input.profile ?? {}).filter(([k]) => sent.includes(k)),
      );
      const profile = Profile.parse({ ...Profile.parse(user.profile ?? {}), ...changes });
      if (!profile.has_young_scot_card) profile.has_new_young_scot_card = false;
      const row = await updateUser(
        ctx.database,
        user.id,
        {
          // A new address takes effect when its link is opened; a change of letter case is immediate.
          email: newEmail ? user.email : sentEmail,
          title: input.title,
          first_name: input.first_name,
          last_name: input.last_name,
          phone_number: input.phone_number ?? null,
          country_code_phone_number: input.country_code_phone_number ?? null,
          dob: input.dob,
          profile,
        },
        ctx.now(),
      );
      // The same answer whether or not the new address has an account (the worker decides what to mail).
      if (newEmail) await queueAccountMail(ctx, request, { type: 'email-change', userId: user.id, newEmail });
      return { message: newEmail ? EMAIL_CHANGE_SENT : UPDATED, data: toUser(row) };
    },
  );

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/users/email/confirm/:code',
      operationId: 'confirmEmailChange',
      tag: 'accounts',
      accounts: true,
      private: true,
      summary:
        'Complete an e-mail change with the code mailed to the new address (single use); logs out everywhere and tells the old address',
      response: MessageResponse,
      rateLimitPerMinute: authLimit,
    },
    async (request, _reply, { params }) => {
      const invalid = 'This link is invalid, has expired or has already been used.';
      const used = await consumeCode(ctx, checkCode(params.code), 'email_change');
      const user = used?.newEmail && (await findUserEmail(ctx.database, used.userId));
      if (!used?.newEmail || !user) throw new HttpError(422, invalid);
      const now = ctx.now();
      try {
        await changeEmail(ctx.database, user.id, used.newEmail, now);
      } catch (error) {
        // The address got an account of its own since the link was sent.
        if (isUniqueViolation(error)) throw new HttpError(422, invalid);
        throw error;
      }
      await queueAccountMail(ctx, request, { type: 'email-changed', userId: user.id, oldEmail: user.email });
      return { message: 'Your e-mail address has been changed. Please log in with the new address.' };
    },
  );
}
