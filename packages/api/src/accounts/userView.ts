import { MessageResponse, Profile, User } from '@cairn/contracts';
import type { UserRow } from '../db/schema.ts';

/** An account answer's message with the user as it now is (registration, profile update). */
export const MessageWithUser = MessageResponse.extend({ data: User });

/** The user as the API shows it (never the password hash or lockout state). */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    title: row.title,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone_number: row.phone_number,
    country_code_phone_number: row.country_code_phone_number,
    dob: row.dob,
    profile: Profile.parse(row.profile ?? {}),
  };
}

/** Whole years between `dob` (YYYY-MM-DD) and `today` (YYYY-MM-DD); undefined if dob is not a real date. */
export function ageOn(dob: string, today: string): number | undefined {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return undefined;
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}
