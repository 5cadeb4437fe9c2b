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
import { HttpError, INVALID_DATA, parseOr422, parseWithChecks } from '../http/httpError.ts';
import type { RouteTable } from '../http/routeTable.ts';
import { accountLink, activationMail, existingAccountMail, resetMail } from '../mail/accountMail.ts';
import { consumeCode, createCode } from './accountCodes.ts';
import { bearerToken, getUser, issueToken, revokeToken } from './session.ts';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './secrets.ts';
import { ageOn, toUser } from './userView.ts';

const UserEnvelope = z.object({ data: User });
const MessageWithUser = MessageResponse.extend({ data: User });

/** Failed logins in a row before the account locks; each further failure doubles the lock. */
export const LOCK_AFTER_FAILURES = 5;
const LOCK_BASE_SEC = 15 * 60;
const LOCK_MAX_SEC = 24 * 3600;

const REGISTERED = 'Your account has been created. Check your e-mail for the link to activate it.';
const RESET_REQUESTED =
  'If an account exists for that e-mail address, we have sent a link to reset its password.';

/** Registration, activation, login/logout, profile and password reset (SPEC §7). */
export function registerAccountRoutes(app: FastifyInstance, routes: RouteTable, ctx: AppContext): void {
  const { db } = ctx.database;
  const authLimit = ctx.config.authRateLimitPerMinute;

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/users/register',
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
        checkDob(raw.dob, ctx.now(), errors);
        return errors;
      });
      const findTaken = () =>
        db
          .selectFrom('users')
          .selectAll()
          .where(({ fn }) => fn('lower', ['email']), '=', input.email.toLowerCase())
          .executeTakeFirst();
      const answerTaken = async (taken: NonNullable<Awaited<ReturnType<typeof findTaken>>>) => {
        // No user enumeration: the same answer (and the same hashing time) as a new account;
        // the address's owner is told by e-mail instead.
        await hashPassword(input.password);
        await ctx.mailer.send(
          existingAccountMail(
            request.brand.settings,
            taken,
            accountLink(ctx, request, '/reset-password', '').split('?')[0]!,
          ),
        );
        reply.code(201);
        return {
          message: REGISTERED,
          data: toUser({
            ...taken,
            id: randomUUID(),
            title: input.title,
            first_name: input.first_name,
            last_name: input.last_name,
            phone_number: input.phone_number ?? null,
            country_code_phone_number: input.country_code_phone_number ?? null,
            dob: input.dob,
            profile: Profile.parse(input.profile ?? {}),
          }),
        };
      };
      const taken = await findTaken();
      if (taken) return answerTaken(taken);

      const now = ctx.now();
      // Racing registrations of one address all pass the check above; the unique index lets one
      // in and the others get the answer for an address that is taken (not a 500).
      const row = await db
        .insertInto('users')
        .values({
          id: randomUUID(),
          email: input.email,
          password_hash: await hashPassword(input.password),
          title: input.title,
          first_name: input.first_name,
          last_name: input.last_name,
          phone_number: input.phone_number ?? null,
          country_code_phone_number: input.country_code_phone_number ?? null,
          dob: input.dob,
          profile: JSON.stringify(Profile.parse(input.profile ?? {})),
          creation_origin: input.creation_origin,
          updated_at: now,
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) {
        const winner = await findTaken();
        if (!winner) throw new Error('registration conflicted with an account that does not exist');
        return answerTaken(winner);
      }
      const code = await createCode(ctx, row.id, 'activation');
      await ctx.mailer.send(
        activationMail(request.brand.settings, row, accountLink(ctx, request, '/auth/activation', code)),
      );
      reply.code(201);
      return { message: REGISTERED, data: toUser(row) };
    },
  );

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/users/activation/:code',
      tag: 'accounts',
      summary: 'Activate an account with the e-mailed code (single use)',
      response: MessageResponse,
      rateLimitPerMinute: authLimit,
    },
    async (request) => {
      requireAccounts(request);
      const userId = await consumeCode(ctx, codeParam(request), 'activation');
      if (!userId)
        throw new HttpError(422, 'This activation link is invalid, has expired or has already been used.');
      await db
        .updateTable('users')
        .set({ active: true, updated_at: ctx.now() })
        .where('id', '=', userId)
        .execute();
      return { message: 'Your account is active. You can now log in.' };
    },
  );

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/auth/login',
      tag: 'accounts',
      summary: 'Log in with e-mail and password; answers a bearer token',
      body: LoginRequest,
      response: LoginResponse,
      rateLimitPerMinute: authLimit,
    },
    async (request) => {
      requireAccounts(request);
      const input = parseOr422(LoginRequest, request.body);
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where(({ fn }) => fn('lower', ['email']), '=', input.username.toLowerCase())
        .executeTakeFirst();
      const now = ctx.now();
      const email = input.username.toLowerCase();
      // Addresses without an account are counted and locked the same way (login_failures), so
      // neither the lock nor its timing tells whether an address is registered.
      const stranger = user
        ? undefined
        : await db.selectFrom('login_failures').selectAll().where('email', '=', email).executeTakeFirst();
      const lockedUntil = user ? user.locked_until : (stranger?.locked_until ?? null);
      if (lockedUntil && lockedUntil > now) {
        const minutes = Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000);
        throw new HttpError(
          429,
          `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          undefined,
          { 'retry-after': String(minutes * 60) },
        );
      }
      // Verify against a dummy hash for unknown e-mails so timing does not reveal who has an account.
      const ok = await verifyPassword(input.password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
      if (!user || !ok) {
        const failures = (user ? user.failed_logins : (stranger?.failures ?? 0)) + 1;
        const lockSec =
          failures >= LOCK_AFTER_FAILURES
            ? Math.min(LOCK_MAX_SEC, LOCK_BASE_SEC * 2 ** (failures - LOCK_AFTER_FAILURES))
            : 0;
        const locked_until = lockSec ? new Date(now.getTime() + lockSec * 1000) : null;
        if (user) {
          await db
            .updateTable('users')
            .set({ failed_logins: failures, locked_until })
            .where('id', '=', user.id)
            .execute();
        } else {
          await db
            .insertInto('login_failures')
            .values({ email, failures, locked_until, updated_at: now })
            .onConflict((oc) => oc.column('email').doUpdateSet({ failures, locked_until, updated_at: now }))
            .execute();
        }
        throw new HttpError(401, 'These credentials do not match our records.');
      }
      if (!user.active)
        throw new HttpError(403, 'Please activate your account with the link we e-mailed you first.');
      await db
        .updateTable('users')
        .set({ failed_logins: 0, locked_until: null })
        .where('id', '=', user.id)
        .execute();
      return { data: { access_token: await issueToken(ctx, user.id) } };
    },
  );

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/auth/logout',
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
      tag: 'accounts',
      summary: 'Update the logged-in user and profile',
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
      const errors: Record<string, string[]> = {};
      const email = input.email ?? user.email;
      if (email.toLowerCase() !== user.email.toLowerCase()) {
        const taken = await db
          .selectFrom('users')
          .select('id')
          .where(({ fn }) => fn('lower', ['email']), '=', email.toLowerCase())
          .executeTakeFirst();
        if (taken) errors.email = ['An account with this e-mail address already exists.'];
      }
      if (Object.keys(errors).length > 0) throw new HttpError(422, INVALID_DATA, errors);
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
          email,
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
      return { message: 'Account successfully updated', data: toUser(row) };
    },
  );

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/users/password/reset',
      tag: 'accounts',
      summary: 'E-mail a password reset link (same answer whether or not the account exists)',
      body: PasswordResetRequest,
      response: MessageResponse,
      rateLimitPerMinute: authLimit,
    },
    async (request) => {
      requireAccounts(request);
      const input = parseOr422(PasswordResetRequest, request.body);
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where(({ fn }) => fn('lower', ['email']), '=', input.email.toLowerCase())
        .executeTakeFirst();
      if (user) {
        const code = await createCode(ctx, user.id, 'password_reset');
        await ctx.mailer.send(
          resetMail(request.brand.settings, user, accountLink(ctx, request, '/auth/password-reset', code)),
        );
      }
      return { message: RESET_REQUESTED };
    },
  );

  routes.add(
    app,
    {
      method: 'POST',
      url: '/v1/users/password/reset/:code',
      tag: 'accounts',
      summary: 'Set a new password with the e-mailed code (single use); logs out everywhere',
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
      const userId = await consumeCode(ctx, codeParam(request), 'password_reset');
      if (!userId)
        throw new HttpError(
          422,
          'This password reset link is invalid, has expired or has already been used.',
        );
      const now = ctx.now();
      await db.transaction().execute(async (trx) => {
        // The link proves the e-mail address, so it also activates and unlocks the account.
        await trx
          .updateTable('users')
          .set({
            password_hash: await hashPassword(input.password),
            active: true,
            failed_logins: 0,
            locked_until: null,
            updated_at: now,
          })
          .where('id', '=', userId)
          .execute();
        await trx
          .updateTable('access_tokens')
          .set({ revoked_at: now })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
      });
      return { message: 'Your password has been changed. You can now log in.' };
    },
  );
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
