import type { AppContext } from '../context.ts';
import { HttpError } from '../http/httpError.ts';
import type { RouteGuards } from '../http/routeTable.ts';
import type { UserRow } from '../db/schema.ts';
import { getUser } from './session.ts';

/** How the route table checks `accounts` (404 where the brand has none) and `auth: 'required'` (401 without a user). */
export function accountGuards(ctx: AppContext): RouteGuards<UserRow> {
  return {
    requireAccounts(request) {
      if (!request.brand.settings.enableUserAccounts)
        throw new HttpError(404, 'User accounts are not available on this site.');
    },
    getUser: (request) => getUser(ctx, request),
  };
}
