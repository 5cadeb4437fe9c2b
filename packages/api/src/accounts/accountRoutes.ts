import { randomUUID } from 'node:crypto';
import {
  LoginRequest,
  LoginResponse,
  MessageResponse,
  MIN_USER_AGE,
  PasswordResetRequest,
  PasswordResetWithCode,
  Profile,
  RegisterRequest,
  UpdateUserRequest,
  User,
} from '@cairn/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/databaseErrors.ts';
import { HttpError, INVALID_DATA, parseOr422, parseWithChecks } from '../http/httpError.ts';
import type { RouteTable } from '../http/routeTable.ts';
import { queueAccountMail } from '../mail/accountMailJob.ts';
import { consumeCode, findCodeUser, voidCodesAndSessions } from './accountCodes.ts';
import { clearAllFailures, clearFailures, reserveAttempt } from './loginThrottle.ts';
import { findPasswordProblem } from './passwordPolicy.ts';
import { bearerToken, getUser, issueToken, revokeToken, type UserRow } from './session.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from './secrets.ts';
import { ageOn, toUser } from './userView.ts';

const UserEnvelope = z.object({ data: User });
const MessageWithUser = MessageResponse.extend({ data: User });

const REGISTERED = 'Your account has been created. Check your e-mail for the link to activate it.';
const RESET_REQUESTED =
  'If an account exists for that e-mail address, we have sent a link to reset its password.';
const UPDATED = 'Account successfully updated';
const EMAIL_CHANGE_SENT =
  'Account successfully updated. We have sent a link to the new e-mail address: open it to complete the change.';

/** Registration, activation, login/logout, profile and password reset (SPEC §7); rules in docs/SECURITY.md. */
export function registerAccountRoutes(app: FastifyInstance, routes: RouteTable, ctx: AppContext): void {
  const { db } = ctx.database;
  const authLimit = ctx.config.authRateLimitPerMinute;

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/users/register',
      operationId: 'registerUser',
      tag: 'accounts',
      summary: 'Create an account; an activation link is e-mailed',
      body: RegisterRequest,
      response: MessageWithUser,
      responseStatus: 201,
      rateLimitPerMinute: authLimit,
    },
    async (request, reply) => {
      requireAccounts(request);
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
      const created = await db
        .insertInto('users')
        .values({
          ...user,
          password_hash: await hashPassword(input.password),
          profile: JSON.stringify(user.profile),
          creation_origin: input.creation_origin,
          updated_at: ctx.now(),
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
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
      summary: 'Activate an account with the e-mailed code (single use)',
      response: MessageResponse,
      rateLimitPerMinute: authLimit,
    },
    async (request) => {
      requireAccounts(request);
      const used = await consumeCode(ctx, codeParam(request), 'activation');
      if (!used)
        throw new HttpError(422, 'This activation link is invalid, has expired or has already been used.');
      await db
        .updateTable('users')
        .set({ active: true, updated_at: ctx.now() })
        .where('id', '=', used.userId)
        .execute();
      return { message: 'Your account is active. You can now log in.' };
    },
  );

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/auth/login',
      operationId: 'logIn',
      tag: 'accounts',
      summary: 'Log in with e-mail and password; answers a bearer token',
      body: LoginRequest,
      response: LoginResponse,
      rateLimitPerMinute: authLimit,
    },
    async (request) => {
      requireAccounts(request);
      const input = parseOr422(LoginRequest, request.body);
      const account = input.username.toLowerCase();
      const attempt = await reserveAttempt(ctx, account, request.ip);
      if (!attempt.allowed) throw lockedOut(ctx, attempt.lockedUntil);
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where(({ fn }) => fn('lower', ['email']), '=', account)
        .executeTakeFirst();
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
        await db
          .updateTable('users')
          .set({ password_hash: await hashPassword(input.password) })
          .where('id', '=', user.id)
          .execute();
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
      summary: 'Lift the lock of an account with the code e-mailed to its owner (single use)',
      response: MessageResponse,
      rateLimitPerMinute: authLimit,
    },
    async (request) => {
      requireAccounts(request);
      const used = await consumeCode(ctx, codeParam(request), 'unlock');
      const user =
        used &&
        (await db.selectFrom('users').select('email').where('id', '=', used.userId).executeTakeFirst());
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
      summary: 'Revoke the bearer token',
      auth: 'required',
      response: MessageResponse,
    },
    async (request) => {
      await getUser(ctx, request);
      await revokeToken(ctx, bearerToken(request)!);
      return { message: 'Successfully logged out' };
    },
  );

  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/users/show',
      operationId: 'getCurrentUser',
      tag: 'accounts',
      summary: 'The logged-in user',
      auth: 'required',
      response: UserEnvelope,
    },
    async (request) => {
      requireAccounts(request);
      return { data: toUser(await getUser(ctx, request)) };
    },
  );

  routes.add(
    app,
    {
      method: 'PUT',
      url: '/v1/users/update',
      operationId: 'updateUser',
      tag: 'accounts',
      summary:
        'Update the logged-in user and profile; a new e-mail address needs current_password and is confirmed by a mailed link',
      auth: 'required',
      body: UpdateUserRequest,
      response: MessageWithUser,
      // It looks addresses up (is this e-mail taken?): limited like the other account calls.
      rateLimitPerMinute: authLimit,
    },
    async (request) => {
      requireAccounts(request);
      const user = await getUser(ctx, request);
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
      const row = await db
        .updateTable('users')
        .set({
          // A new address takes effect when its link is opened; a change of letter case is immediate.
          email: newEmail ? user.email : sentEmail,
          title: input.title,
          first_name: input.first_name,
          last_name: input.last_name,
          phone_number: input.phone_number ?? null,
          country_code_phone_number: input.country_code_phone_number ?? null,
          dob: input.dob,
          profile: JSON.stringify(profile),
          updated_at: ctx.now(),
        })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
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
      summary:
        'Complete an e-mail change with the code mailed to the new address (single use); logs out everywhere and tells the old address',
      response: MessageResponse,
      rateLimitPerMinute: authLimit,
    },
    async (request) => {
      requireAccounts(request);
      const invalid = 'This link is invalid, has expired or has already been used.';
      const used = await consumeCode(ctx, codeParam(request), 'email_change');
      const user =
        used?.newEmail &&
        (await db
          .selectFrom('users')
          .select(['id', 'email'])
          .where('id', '=', used.userId)
          .executeTakeFirst());
      if (!used?.newEmail || !user) throw new HttpError(422, invalid);
      const now = ctx.now();
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('users')
            .set({ email: used.newEmail!, updated_at: now })
            .where('id', '=', user.id)
            .execute();
          await voidCodesAndSessions(trx, user.id, now);
        });
      } catch (error) {
        // The address got an account of its own since the link was sent.
        if (isUniqueViolation(error)) throw new HttpError(422, invalid);
        throw error;
      }
      await queueAccountMail(ctx, request, { type: 'email-changed', userId: user.id, oldEmail: user.email });
      return { message: 'Your e-mail address has been changed. Please log in with the new address.' };
    },
  );

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/users/password/reset',
      operationId: 'requestPasswordReset',
      tag: 'accounts',
      summary: 'E-mail a password reset link (same answer whether or not the account exists)',
      body: PasswordResetRequest,
      response: MessageResponse,
      rateLimitPerMinute: authLimit,
    },
    async (request) => {
      requireAccounts(request);
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
      summary:
        'Set a new password with the e-mailed code (single use); voids other codes, logs out everywhere',
      body: PasswordResetWithCode,
      response: MessageResponse,
      rateLimitPerMinute: authLimit,
    },
    async (request) => {
      requireAccounts(request);
      const input = parseOr422(PasswordResetWithCode, request.body);
      if (input.password !== input.password_confirmation) {
        throw new HttpError(422, INVALID_DATA, { password_confirmation: ['The passwords do not match.'] });
      }
      const invalid = 'This password reset link is invalid, has expired or has already been used.';
      const code = codeParam(request);
      const owner = await findCodeUser(ctx, code, 'password_reset');
      if (!owner) throw new HttpError(422, invalid);
      const errors: Record<string, string[]> = {};
      checkNewPassword(input.password, owner.email, errors);
      if (errors.password) throw new HttpError(422, INVALID_DATA, errors);
      const passwordHash = await hashPassword(input.password);
      const used = await consumeCode(ctx, code, 'password_reset');
      if (!used) throw new HttpError(422, invalid);
      const now = ctx.now();
      await db.transaction().execute(async (trx) => {
        // The link proves the e-mail address, so it also activates the account.
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, active: true, updated_at: now })
          .where('id', '=', used.userId)
          .execute();
        await voidCodesAndSessions(trx, used.userId, now);
      });
      await clearAllFailures(ctx, owner.email.toLowerCase());
      return { message: 'Your password has been changed. You can now log in.' };
    },
  );
}

/** 429 with Retry-After while this client (or everyone) is locked out of the account. */
/** The 429 of a locked account, with how long the lock still runs. */
function lockedOut(ctx: AppContext, lockedUntil: Date): HttpError {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - ctx.now().getTime()) / 60_000));
  return new HttpError(
    429,
    `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(minutes * 60) },
  );
}

/** One answer for a wrong password, an unknown address and an account not yet activated. */
const WRONG_CREDENTIALS =
  'These credentials do not match our records. New accounts work once activated with the link we e-mailed.';

/** A stolen token alone must not move the account: the current password is asked, and guesses count as failed logins. */
async function checkCurrentPassword(
  ctx: AppContext,
  request: FastifyRequest,
  user: UserRow,
  currentPassword: string | undefined,
): Promise<void> {
  if (!currentPassword)
    throw new HttpError(422, INVALID_DATA, {
      current_password: ['Enter your current password to change your e-mail address.'],
    });
  const account = user.email.toLowerCase();
  const attempt = await reserveAttempt(ctx, account, request.ip);
  if (!attempt.allowed) throw lockedOut(ctx, attempt.lockedUntil);
  if (!(await verifyPassword(currentPassword, user.password_hash))) {
    if (attempt.locksAccount) await queueAccountMail(ctx, request, { type: 'unlock', email: account });
    throw new HttpError(422, INVALID_DATA, { current_password: ['Your current password is not correct.'] });
  }
  await clearFailures(ctx, account, request.ip);
}

function checkNewPassword(password: unknown, email: unknown, errors: Record<string, string[]>): void {
  if (typeof password !== 'string' || errors.password) return;
  const problem = findPasswordProblem(password, typeof email === 'string' ? email : '');
  if (problem) errors.password = [problem];
}

/** Brands with accounts switched off answer 404 for every account call. */
export function requireAccounts(request: FastifyRequest): void {
  if (!request.brand.settings.enableUserAccounts)
    throw new HttpError(404, 'User accounts are not available on this site.');
}

function codeParam(request: FastifyRequest): string {
  const code = (request.params as { code?: string }).code ?? '';
  if (!/^[A-Za-z0-9_-]{16,100}$/.test(code)) throw new HttpError(422, 'This link is invalid.');
  return code;
}

function checkDob(dob: unknown, now: Date, errors: Record<string, string[]>): void {
  if (typeof dob !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(dob)) return;
  const age = ageOn(dob, now.toISOString().slice(0, 10));
  if (age === undefined) errors.dob = ['Enter a real date of birth.'];
  else if (age < 0 || age > 130) errors.dob = ['Enter a real date of birth.'];
  else if (age < MIN_USER_AGE) errors.dob = [`You must be ${MIN_USER_AGE} or over to create an account.`];
}
