import type { Profile } from '@cairn/contracts';
import type { Database } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import { voidCodesAndSessions } from './accountCodes.ts';

/*
 * The users table as the account routes use it. E-mail addresses are unique without regard to
 * letter case (a unique index on lower(email)).
 */

/** The fields of a user the profile form changes. */
export type UserChanges = Pick<
  UserRow,
  'email' | 'title' | 'first_name' | 'last_name' | 'phone_number' | 'country_code_phone_number' | 'dob'
> & { profile: Profile };

/** What registration stores of a new user. */
export type NewUser = UserChanges & Pick<UserRow, 'id' | 'password_hash' | 'creation_origin'>;

/** Stores a new, not yet active user; false (and nothing stored) when the address has an account. */
export async function insertUser(database: Database, user: NewUser, now: Date): Promise<boolean> {
  const created = await database.db
    .insertInto('users')
    .values({ ...user, profile: JSON.stringify(user.profile), updated_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return created !== undefined;
}

export async function activateUser(database: Database, userId: string, now: Date): Promise<void> {
  await database.db
    .updateTable('users')
    .set({ active: true, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** The user with this e-mail address, whatever its letter case (`email` is given in lower case). */
export async function findUserByEmail(database: Database, email: string): Promise<UserRow | undefined> {
  return database.db
    .selectFrom('users')
    .selectAll()
    .where(({ fn }) => fn('lower', ['email']), '=', email)
    .executeTakeFirst();
}

/** A user's id and current e-mail address. */
export async function findUserEmail(
  database: Database,
  userId: string,
): Promise<{ id: string; email: string } | undefined> {
  return database.db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
}

/** Replaces a password hash made with older parameters (the password itself is unchanged). */
export async function replacePasswordHash(
  database: Database,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await database.db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('id', '=', userId)
    .execute();
}

/** Updates a user's details and profile; answers the stored row. */
export async function updateUser(
  database: Database,
  userId: string,
  changes: UserChanges,
  now: Date,
): Promise<UserRow> {
  return database.db
    .updateTable('users')
    .set({ ...changes, profile: JSON.stringify(changes.profile), updated_at: now })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Moves a user to a new e-mail address and logs them out everywhere, in one transaction. Throws
 * the database's unique violation when the address has an account of its own.
 */
export async function changeEmail(
  database: Database,
  userId: string,
  newEmail: string,
  now: Date,
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ email: newEmail, updated_at: now })
      .where('id', '=', userId)
      .execute();
    await voidCodesAndSessions(trx, userId, now);
  });
}

/**
 * Sets a new password, activates the account (the mailed link proved the address) and voids the
 * user's other codes and sessions, in one transaction.
 */
export async function resetPassword(
  database: Database,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, active: true, updated_at: now })
      .where('id', '=', userId)
      .execute();
    await voidCodesAndSessions(trx, userId, now);
  });
}
