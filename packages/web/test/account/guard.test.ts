import { describe, expect, it } from 'vitest';
import { guardRedirect } from '../../src/auth/guard.ts';
import { outcomeOfFailure, withoutField } from '../../src/account/formErrors.ts';
import { ApiError } from '../../src/api/http.ts';

describe('navigation guard (SPEC §2)', () => {
  it('sends logged-out users from Account, Edit and Searches to Login', () => {
    for (const path of ['/account', '/edit-account', '/searches', '/searches/'])
      expect(guardRedirect(path, false)).toBe('/login');
  });
  it('lets logged-in users through', () => {
    for (const path of ['/account', '/edit-account', '/searches'])
      expect(guardRedirect(path, true)).toBeNull();
  });
  it('leaves every other page open', () => {
    for (const path of [
      '/',
      '/login',
      '/register',
      '/reset-password',
      '/auth/activation',
      '/search/abc/results',
      '/accounts',
    ])
      expect(guardRedirect(path, false)).toBeNull();
  });
});

describe('server errors (SPEC §5/§8)', () => {
  it('keeps the first message of each field and maps aliases', () => {
    const error = new ApiError(422, {
      message: 'The given data was invalid.',
      errors: {
        username: ['Bad e-mail', 'second'],
        password: ['Too short'],
        'profile.railcard': ['Unknown railcard'],
      },
    });
    expect(outcomeOfFailure(error, { username: 'email' })).toEqual({
      fieldErrors: { email: 'Bad e-mail', password: 'Too short', railcard: 'Unknown railcard' },
    });
  });
  it('uses the server message when there are no field errors', () => {
    expect(
      outcomeOfFailure(new ApiError(401, { message: 'These credentials do not match our records.' })),
    ).toEqual({ general: 'These credentials do not match our records.' });
  });
  it('focusing a field drops only its error', () => {
    const errors = { email: 'x', password: 'y' };
    expect(withoutField(errors, 'email')).toEqual({ password: 'y' });
    expect(withoutField(errors, 'dob')).toBe(errors);
  });
});
