// @vitest-environment jsdom
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import type { User } from '@cairn/contracts';
import { accountRoutes } from '../../src/account/accountRoutes.tsx';
import { readCookie, writeCookie, deleteCookie } from '../../src/privacy/cookies.ts';
import { TOKEN_COOKIE } from '../../src/privacy/storedItems.ts';
import { renderRoutes, stubFetch, type FetchHandler } from '../support/harness.tsx';

// Built for each router: it clears the route `lazy` it has loaded (lib/drawnWithCodeIn.ts).
const routes = (): RouteObject[] => [
  {
    element: (
      <Suspense fallback={<p>Loading</p>}>
        <Outlet />
      </Suspense>
    ),
    children: [{ path: '/', element: <h1>Home page</h1> }, ...accountRoutes()],
  },
];

const USER: User = {
  id: 'u1',
  title: 'Dr',
  first_name: 'Ailsa',
  last_name: 'Grant',
  email: 'ailsa@example.org',
  phone_number: '7700 900123',
  country_code_phone_number: '+44',
  dob: '1950-03-04',
  profile: {
    has_car_access: false,
    has_concessionary_pass: true,
    has_young_scot_card: false,
    has_new_young_scot_card: false,
    railcard: 'Senior Railcard',
    user_age: 76,
  },
};

const signedIn =
  (more: FetchHandler = () => undefined): FetchHandler =>
  (method, url, body) => {
    if (url.pathname === '/v1/users/show') return { body: { data: USER } };
    return more(method, url, body);
  };

beforeEach(() => deleteCookie(TOKEN_COOKIE));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  deleteCookie(TOKEN_COOKIE);
});

describe('guards and auth state', () => {
  it('sends a logged-out visitor from Account, Edit and Searches to Sign in', async () => {
    stubFetch(() => undefined);
    for (const path of ['/account', '/edit-account', '/searches']) {
      const { router, unmount } = renderRoutes(routes(), path);
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/login');
      unmount();
    }
  });

  it('fetches the user when a token exists and shows Your Account with dob as DD-MM-YYYY and My Passes', async () => {
    writeCookie(TOKEN_COOKIE, 'tok-1');
    const calls = stubFetch(signedIn());
    renderRoutes(routes(), '/account');
    expect(await screen.findByText('04-03-1950')).toBeTruthy();
    expect(screen.getByText('Dr Ailsa Grant')).toBeTruthy();
    expect(screen.getByText('+44 7700 900123')).toBeTruthy();
    const passes = screen.getByRole('list', { name: 'My Passes' });
    expect(
      within(passes)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Senior Railcard', 'Concessionary Pass']);
    expect(calls[0]!.url.pathname).toBe('/v1/users/show');
  });

  it('clears the token when fetching the user fails, and the guard then sends to Sign in', async () => {
    writeCookie(TOKEN_COOKIE, 'expired');
    stubFetch((_m, url) =>
      url.pathname === '/v1/users/show' ? { status: 401, body: { message: 'Unauthenticated.' } } : undefined,
    );
    const { router } = renderRoutes(routes(), '/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readCookie(TOKEN_COOKIE)).toBeNull();
  });

  it('Logout clears the session, says so and goes Home', async () => {
    writeCookie(TOKEN_COOKIE, 'tok-1');
    const calls = stubFetch(
      signedIn((m, url) =>
        url.pathname === '/v1/auth/logout' ? { body: { message: 'Successfully logged out' } } : undefined,
      ),
    );
    const { router } = renderRoutes(routes(), '/account');
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Successfully logged out')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(readCookie(TOKEN_COOKIE)).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/v1/auth/logout' && c.method === 'POST')).toBe(true);
  });
});

describe('Sign in', () => {
  it('stores the token in the user-token cookie, says Successfully logged in and goes Home', async () => {
    const calls = stubFetch((method, url) => {
      if (url.pathname === '/v1/auth/login') return { body: { data: { access_token: 'tok-new' } } };
      if (url.pathname === '/v1/users/show') return { body: { data: USER } };
      return undefined;
    });
    const { router } = renderRoutes(routes(), '/login');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ailsa@example.org' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Successfully logged in')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(readCookie(TOKEN_COOKIE)).toBe('tok-new');
    expect(calls.find((c) => c.url.pathname === '/v1/auth/login')!.body).toEqual({
      username: 'ailsa@example.org',
      password: 'secret-123',
    });
  });

  it('shows the server message as the general error when there are no field errors', async () => {
    stubFetch((_m, url) =>
      url.pathname === '/v1/auth/login'
        ? { status: 401, body: { message: 'These credentials do not match our records.' } }
        : undefined,
    );
    renderRoutes(routes(), '/login');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ailsa@example.org' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'These credentials do not match our records.',
    );
    expect(readCookie(TOKEN_COOKIE)).toBeNull();
  });
  it('does not claim success when the user cannot be loaded after sign-in', async () => {
    stubFetch((_m, url) => {
      if (url.pathname === '/v1/auth/login') return { body: { data: { access_token: 'tok-new' } } };
      if (url.pathname === '/v1/users/show') return { status: 500, body: { message: 'Server error' } };
      return undefined;
    });
    const { router } = renderRoutes(routes(), '/login');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ailsa@example.org' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('your account could not be loaded');
    expect(screen.queryByText('Successfully logged in')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(readCookie(TOKEN_COOKIE)).toBeNull();
  });
});

describe('Create Account', () => {
  const fill = () => {
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Ms' } });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Morag' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Reid' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'morag@example.org' } });
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2008-05-01' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'long-enough' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'long-enough' } });
  };

  it('asks the new-card question only with a Young Scot card, and No resets it', async () => {
    const calls = stubFetch((_m, url) =>
      url.pathname === '/v1/users/register'
        ? { status: 201, body: { message: 'Your account has been created. Check your e-mail.', data: USER } }
        : undefined,
    );
    const { router } = renderRoutes(routes(), '/register');
    await screen.findByRole('heading', { name: 'Create Account' });
    fill();
    const youngScot = screen.getByRole('group', { name: 'Do you have a Young Scot card?' });
    expect(screen.queryByRole('group', { name: /issued on or after 10 January 2022/ })).toBeNull();
    fireEvent.click(within(youngScot).getByLabelText('Yes'));
    const newCard = screen.getByRole('group', { name: /issued on or after 10 January 2022/ });
    fireEvent.click(within(newCard).getByLabelText('Yes'));
    fireEvent.click(within(youngScot).getByLabelText('No'));
    expect(screen.queryByRole('group', { name: /issued on or after/ })).toBeNull();
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Do you have a railcard?' })).getByLabelText('Yes'),
    );
    fireEvent.change(screen.getByLabelText('Which railcard?'), { target: { value: '16-25 Railcard' } });
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Do you have a railcard?' })).getByLabelText('No'),
    );
    expect(screen.queryByLabelText('Which railcard?')).toBeNull();
    fireEvent.click(screen.getByLabelText(/I agree to the/));
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Your account has been created. Check your e-mail.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    const sent = calls.find((c) => c.url.pathname === '/v1/users/register')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      title: 'Ms',
      email: 'morag@example.org',
      dob: '2008-05-01',
      creation_origin: 'HOME_PAGE',
      password_confirmation: 'long-enough',
    });
    expect(sent.profile).toMatchObject({
      has_young_scot_card: false,
      has_new_young_scot_card: false,
      railcard: null,
    });
  });

  it('refuses under-12s and unticked terms before calling the server', async () => {
    const calls = stubFetch(() => undefined);
    renderRoutes(routes(), '/register');
    await screen.findByRole('heading', { name: 'Create Account' });
    fill();
    const young = new Date();
    young.setFullYear(young.getFullYear() - 11);
    fireEvent.change(screen.getByLabelText('Date of birth'), {
      target: { value: young.toISOString().slice(0, 10) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Please correct the following errors');
    expect(summary.textContent).toContain('You must be 12 or over to create an account.');
    expect(summary.textContent).toContain('Please accept the Terms and Conditions');
    expect(calls).toHaveLength(0);
  });

  it('shows server field errors per field and in the summary; focusing a field clears its error', async () => {
    stubFetch((_m, url) =>
      url.pathname === '/v1/users/register'
        ? {
            status: 422,
            body: {
              message: 'The given data was invalid.',
              errors: {
                email: ['An account with this e-mail address already exists.', 'ignored'],
                phone_number: ['Enter a valid phone number.'],
              },
            },
          }
        : undefined,
    );
    renderRoutes(routes(), '/register');
    await screen.findByRole('heading', { name: 'Create Account' });
    fill();
    fireEvent.click(screen.getByLabelText(/I agree to the/));
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getAllByRole('listitem')).toHaveLength(2);
    expect(
      screen.getAllByText('An account with this e-mail address already exists.', { exact: false }),
    ).toHaveLength(2);
    expect(screen.queryByText('ignored', { exact: false })).toBeNull();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    fireEvent.focus(email);
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByText('Enter a valid phone number.', { exact: false })).toHaveLength(2);
  });
});

describe('Edit Account, reset request, activation, change password', () => {
  it('Update Details sends the edit form and says Account successfully updated', async () => {
    writeCookie(TOKEN_COOKIE, 'tok-1');
    const calls = stubFetch(
      signedIn((method, url) =>
        url.pathname === '/v1/users/update' && method === 'PUT'
          ? { body: { message: 'Account successfully updated', data: USER } }
          : undefined,
      ),
    );
    const { router } = renderRoutes(routes(), '/edit-account');
    const first = await screen.findByLabelText('First name');
    expect((first as HTMLInputElement).value).toBe('Ailsa');
    fireEvent.change(first, { target: { value: 'Ailie' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Details' }));
    expect(await screen.findByText('Account successfully updated')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account');
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      first_name: 'Ailie',
      profile: { railcard: 'Senior Railcard', has_concessionary_pass: true },
    });
  });

  it("Change Password leads to the reset page, which sends a reset for the user's own e-mail once, locked", async () => {
    writeCookie(TOKEN_COOKIE, 'tok-1');
    const calls = stubFetch(
      signedIn((_m, url) =>
        url.pathname === '/v1/users/password/reset'
          ? { body: { message: 'If an account exists for that e-mail address, we have sent a link.' } }
          : undefined,
      ),
    );
    const { router } = renderRoutes(routes(), '/edit-account');
    fireEvent.click(await screen.findByRole('button', { name: 'Change Password' }));
    expect(
      await screen.findByText('If an account exists for that e-mail address, we have sent a link.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/reset-password');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe(USER.email);
    expect(email.readOnly).toBe(true);
    const resets = calls.filter((c) => c.url.pathname === '/v1/users/password/reset');
    expect(resets).toHaveLength(1);
    expect(resets[0]!.body).toEqual({ email: USER.email });
  });

  it('a logged-out reset request waits for the e-mail address', async () => {
    const calls = stubFetch((_m, url) =>
      url.pathname === '/v1/users/password/reset' ? { body: { message: 'Sent if it exists.' } } : undefined,
    );
    renderRoutes(routes(), '/reset-password');
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(email.readOnly).toBe(false);
    expect(calls).toHaveLength(0);
    fireEvent.change(email, { target: { value: 'someone@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Sent if it exists.')).toBeTruthy();
    expect(calls[0]!.body).toEqual({ email: 'someone@example.org' });
  });

  it('activation shows Activating your account, sends the code and goes to Sign in', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const calls = stubFetch(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL, init?: RequestInit) => {
        calls.push({ method: init?.method ?? 'GET', url: new URL(String(input)), body: undefined });
        await gate;
        return new Response(JSON.stringify({ message: 'Your account is active. You can now log in.' }), {
          status: 200,
        });
      }),
    );
    const { router } = renderRoutes(routes(), '/auth/activation?code=abcdefghijklmnop1234');
    expect(await screen.findByText('Activating your account')).toBeTruthy();
    release();
    expect(await screen.findByText('Your account is active. You can now log in.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /v1/users/activation/abcdefghijklmnop1234',
    ]);
  });

  it('Change Password posts both passwords for the code and goes to Sign in with the server message', async () => {
    const calls = stubFetch((_m, url) =>
      url.pathname.startsWith('/v1/users/password/reset/')
        ? { body: { message: 'Your password has been changed. You can now log in.' } }
        : undefined,
    );
    const { router } = renderRoutes(routes(), '/auth/password-reset?code=resetcode1234567890');
    fireEvent.change(await screen.findByLabelText('Enter New Password'), {
      target: { value: 'brand-new-pass' },
    });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'brand-new-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Your password has been changed. You can now log in.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls[0]!.url.pathname).toBe('/v1/users/password/reset/resetcode1234567890');
    expect(calls[0]!.body).toEqual({ password: 'brand-new-pass', password_confirmation: 'brand-new-pass' });
  });
});

describe('e-mail change and unlock links (issue #15 findings 4 and 6)', () => {
  const edit = (url: URL, method: string) => url.pathname === '/v1/users/update' && method === 'PUT';

  it('a new e-mail address asks for the current password before anything is sent', async () => {
    writeCookie(TOKEN_COOKIE, 'tok-1');
    const calls = stubFetch(signedIn());
    renderRoutes(routes(), '/edit-account');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'new@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Details' }));
    expect(
      await screen.findAllByText('Enter your current password to change your e-mail address.', {
        exact: false,
      }),
    ).toHaveLength(2);
    expect(calls.filter((c) => edit(c.url, c.method))).toHaveLength(0);
  });

  it("sends current_password with the new address, shows the server's answer, and shows a wrong password against its field", async () => {
    writeCookie(TOKEN_COOKIE, 'tok-1');
    let wrongOnce = true;
    const calls = stubFetch(
      signedIn((method, url) => {
        if (!edit(url, method)) return undefined;
        if (wrongOnce) {
          wrongOnce = false;
          return {
            status: 422,
            body: {
              message: 'The given data was invalid.',
              errors: { current_password: ['Your current password is not correct.'] },
            },
          };
        }
        return { body: { message: 'Account successfully updated. We have sent a link.', data: USER } };
      }),
    );
    const { router } = renderRoutes(routes(), '/edit-account');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'new@example.org' } });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'not it at all' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Details' }));
    expect(
      await screen.findAllByText('Your current password is not correct.', { exact: false }),
    ).toHaveLength(2);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'the right one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Details' }));
    expect(await screen.findByText('Account successfully updated. We have sent a link.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account');
    const sent = calls.filter((c) => edit(c.url, c.method)).map((c) => c.body);
    expect(sent[1]).toMatchObject({ email: 'new@example.org', current_password: 'the right one' });
  });

  it('the unlock and e-mail change links send their code once and go to Sign in', async () => {
    for (const [path, api] of [
      ['/auth/unlock', '/v1/users/unlock/'],
      ['/auth/email-change', '/v1/users/email/confirm/'],
    ] as const) {
      const calls = stubFetch((method, url) =>
        method === 'POST' && url.pathname.startsWith(api) ? { body: { message: `done ${path}` } } : undefined,
      );
      const { router, unmount } = renderRoutes(routes(), `${path}?code=abcdefghijklmnop`);
      expect(await screen.findByText(`done ${path}`)).toBeTruthy();
      expect(router.state.location.pathname).toBe('/login');
      expect(calls.filter((c) => c.url.pathname === `${api}abcdefghijklmnop`)).toHaveLength(1);
      unmount();
      vi.unstubAllGlobals();
    }
  });
});
