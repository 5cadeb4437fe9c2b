import { MIN_USER_AGE } from '@cairn/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { HttpError, INVALID_DATA } from '../http/httpError.ts';
import { queueAccountMail } from '../mail/accountMailJob.ts';
import { clearFailures, reserveAttempt } from './loginThrottle.ts';
import { findPasswordProblem } from './passwordPolicy.ts';
import { verifyPassword } from './secrets.ts';
import type { UserRow } from '../db/schema.ts';
import { ageOn } from './userView.ts';

/*
 * The checks the account routes share: the lockout answer, the current password before an
 * address moves, the password policy, the date of birth and the shape of a mailed code.
 */

/** The 429 of a locked account, with how long the lock still runs. */
export function lockedOut(ctx: AppContext, lockedUntil: Date): HttpError {
  const minutes = Math.max(1, Math.ceil((lockedUntil.getTime() - ctx.now().getTime()) / 60_000));
  return new HttpError(
    429,
    `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(minutes * 60) },
  );
}

/** A stolen token alone must not move the account: the current password is asked, and guesses count as failed logins. */
export async function checkCurrentPassword(
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

/** Adds the password policy's objection to a new password, if any, to `errors`. */
export function checkNewPassword(password: unknown, email: unknown, errors: Record<string, string[]>): void {
  if (typeof password !== 'string' || errors.password) return;
  const problem = findPasswordProblem(password, typeof email === 'string' ? email : '');
  if (problem) errors.password = [problem];
}

/** A code from a mailed link, checked for its shape before any lookup. */
export function checkCode(code: string): string {
  if (!/^[A-Za-z0-9_-]{16,100}$/.test(code)) throw new HttpError(422, 'This link is invalid.');
  return code;
}

/** Adds an objection to a date of birth (not real, or under the minimum age) to `errors`. */
export function checkDob(dob: unknown, now: Date, errors: Record<string, string[]>): void {
  if (typeof dob !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(dob)) return;
  const age = ageOn(dob, now.toISOString().slice(0, 10));
  if (age === undefined) errors.dob = ['Enter a real date of birth.'];
  else if (age < 0 || age > 130) errors.dob = ['Enter a real date of birth.'];
  else if (age < MIN_USER_AGE) errors.dob = [`You must be ${MIN_USER_AGE} or over to create an account.`];
}
